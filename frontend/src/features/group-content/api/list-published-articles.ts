import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, groupApiPath, nextCursor, pageQuery } from './keys.ts'

type ArticlesPage = ResponseBody<'/api/groups/{id}/articles', 'get'>

/** `GET /api/groups/{id}/articles`: one page of published articles, newest first. */
function listPublishedArticles(groupId: string, cursor: string | null) {
  return api.get<ArticlesPage>(`${groupApiPath(groupId)}/articles${pageQuery(cursor)}`)
}

export function publishedArticlesQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: contentKeys.published(groupId),
    queryFn: ({ pageParam }) => listPublishedArticles(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  })
}

export function usePublishedArticles(groupId: string, enabled = true) {
  return useInfiniteQuery({ ...publishedArticlesQueryOptions(groupId), enabled })
}
