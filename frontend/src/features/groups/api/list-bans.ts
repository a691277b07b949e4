import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { groupKeys, groupPath, pageQuery } from './keys.ts'

type BansPage = ResponseBody<'/api/groups/{id}/bans', 'get'>

/** `GET /api/groups/{id}/bans`: banned people, most recent first (managers). */
function fetchBans(groupId: string, cursor: string | null): Promise<BansPage> {
  return api.get<BansPage>(`${groupPath(groupId)}/bans${pageQuery(cursor)}`)
}

function bansQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: groupKeys.bans(groupId),
    queryFn: ({ pageParam }) => fetchBans(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useBans(groupId: string, enabled = true) {
  return useInfiniteQuery({ ...bansQueryOptions(groupId), enabled })
}
