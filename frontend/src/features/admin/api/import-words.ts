import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { WordImportPlan } from '@/lib/api/types.ts'
import type { WordFileFormat } from './export-words.ts'
import { adminKeys } from './keys.ts'

interface WordImport {
  text: string
  format: WordFileFormat
  /** Only plan (nothing is written); else apply when no line is refused. */
  dryRun: boolean
}

/** `POST /api/admin/words/import?dryRun=`: the file's text as the body. */
function importWords({ text, format, dryRun }: WordImport) {
  return api.post<WordImportPlan>(`/api/admin/words/import?dryRun=${dryRun}`, text, {
    headers: { 'Content-Type': format === 'csv' ? 'text/csv' : 'text/plain' },
  })
}

/** Plans or applies an import; an applied one refreshes every page of the list. */
export function useImportWords() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.words, 'import'],
    mutationFn: importWords,
    onSuccess: (plan) =>
      plan.applied
        ? queryClient.invalidateQueries({ queryKey: [...adminKeys.words, 'list'] })
        : undefined,
  })
}
