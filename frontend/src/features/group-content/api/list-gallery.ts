import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, groupApiPath, nextCursor, pageQuery } from './keys.ts'

type GalleryPage = ResponseBody<'/api/groups/{id}/gallery', 'get'>

/** `GET /api/groups/{id}/gallery`: one page of the group's images, newest first. */
function listGallery(groupId: string, cursor: string | null) {
  return api.get<GalleryPage>(`${groupApiPath(groupId)}/gallery${pageQuery(cursor)}`)
}

export function galleryQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: contentKeys.gallery(groupId),
    queryFn: ({ pageParam }) => listGallery(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  })
}

export function useGallery(groupId: string, enabled = true) {
  return useInfiniteQuery({ ...galleryQueryOptions(groupId), enabled })
}
