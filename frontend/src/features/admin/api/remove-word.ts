import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'

/** `DELETE /api/admin/words/{key}`: removes the entry its folded form names. */
function removeWord(key: string): Promise<void> {
  return api.delete<void>(`/api/admin/words/${encodeURIComponent(key)}`)
}

/** Removes an entry; every page of the list is fetched again. */
export function useRemoveWord() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.words, 'remove'],
    mutationFn: removeWord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.words, 'list'] }),
  })
}
