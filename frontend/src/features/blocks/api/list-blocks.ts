import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { BlockKind, BlocksPage } from '@/lib/api/types.ts'

/**
 * Query keys of the signed-in person's lists: under the user-scoped `['auth', …]` prefix, so
 * signing in or out drops them.
 */
const blockKeys = {
  all: ['auth', 'blocks'] as const,
  list: (kind: BlockKind) => [...blockKeys.all, kind] as const,
}

/** `GET /api/blocks?kind=`: one of my lists, newest first. */
function fetchPage(kind: BlockKind, cursor: string | null): Promise<BlocksPage> {
  const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
  return api.get<BlocksPage>(`/api/blocks?kind=${kind}${after}`)
}

export function blocksQueryOptions(kind: BlockKind) {
  return infiniteQueryOptions({
    queryKey: blockKeys.list(kind),
    queryFn: ({ pageParam }) => fetchPage(kind, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useBlocks(kind: BlockKind) {
  return useInfiniteQuery(blocksQueryOptions(kind))
}
