import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupKey } from '@/lib/api/get-group.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, groupApiPath } from './keys.ts'

type Deleted = ResponseBody<'/api/groups/{id}/gallery/{mediaId}', 'delete'>
type GalleryPage = ResponseBody<'/api/groups/{id}/gallery', 'get'>

/** `DELETE /api/groups/{id}/gallery/{mediaId}`: one's own image, or any for the managers. */
function deleteImage(groupId: string, imageId: string): Promise<Deleted> {
  return api.delete<Deleted>(`${groupApiPath(groupId)}/gallery/${encodeURIComponent(imageId)}`)
}

/** Deletes; the image leaves the loaded pages at once, then the gallery and home refetch. */
export function useDeleteImage(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (imageId: string) => deleteImage(groupId, imageId),
    onSuccess: (_answer, imageId) => {
      queryClient.setQueryData<InfiniteData<GalleryPage>>(contentKeys.gallery(groupId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                images: page.images.filter((image) => image.id !== imageId),
              })),
            }
          : data,
      )
      void queryClient.invalidateQueries({ queryKey: groupKey(groupId) })
    },
  })
}
