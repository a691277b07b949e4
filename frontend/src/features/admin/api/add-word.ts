import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { NewWord, WordResponse } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** `POST /api/admin/words`: lists one phrase. */
function addWord(body: NewWord): Promise<WordResponse> {
  return api.post<WordResponse>('/api/admin/words', body)
}

/** Lists a phrase; every page of the list is fetched again. */
export function useAddWord() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.words, 'add'],
    mutationFn: addWord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.words, 'list'] }),
  })
}
