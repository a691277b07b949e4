import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AdminMediaListResponse, MessageResponse } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** Deletes a stored image for good (its files, then its row). */
function deleteMedia(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/api/admin/media/${encodeURIComponent(id)}`)
}

export function useDeleteMedia() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.media, 'delete'],
    mutationFn: deleteMedia,
    onSuccess: (_answer, id) => {
      const key = [...adminKeys.media, 'list']
      queryClient.setQueriesData<InfiniteData<AdminMediaListResponse>>({ queryKey: key }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== id),
              })),
            }
          : data,
      )
      // The storage used changed: refetch it with the lists (the removed item stays removed).
      return queryClient.invalidateQueries({ queryKey: key })
    },
  })
}
