import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AdminMediaListResponse, AdminMediaResponse } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** Hides a stored image from every reader, or shows it again. */
function setMediaHidden(id: string, hidden: boolean): Promise<AdminMediaResponse> {
  return api.post<AdminMediaResponse>(
    `/api/admin/media/${encodeURIComponent(id)}/${hidden ? 'hide' : 'unhide'}`,
  )
}

export function useSetMediaHidden() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.media, 'hide'],
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => setMediaHidden(id, hidden),
    // The item changes in place (no reordering, no refetch of every loaded page).
    onSuccess: (answer) =>
      queryClient.setQueriesData<InfiniteData<AdminMediaListResponse>>(
        { queryKey: [...adminKeys.media, 'list'] },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) =>
                item.id === answer.id ? { ...item, hiddenAt: answer.hiddenAt } : item,
              ),
            })),
          },
      ),
  })
}
