import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AdminMediaListResponse } from '@/lib/api/types.ts'
import { filtersQuery, type GalleryFilters } from '../components/gallery-model.ts'
import { adminKeys } from './keys.ts'

/** Images per page of the admin gallery (the server caps pages at 50). */
const MEDIA_PAGE = 24

/** Every stored image the filters select, newest first, page by page, with the storage used. */
export function mediaQueryOptions(filters: GalleryFilters) {
  const query = filtersQuery(filters, MEDIA_PAGE)
  return infiniteQueryOptions({
    queryKey: [...adminKeys.media, 'list', query] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminMediaListResponse>(
        `/api/admin/media?${query}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function useMedia(filters: GalleryFilters, enabled = true) {
  return useInfiniteQuery({ ...mediaQueryOptions(filters), enabled })
}
