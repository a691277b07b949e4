import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { WordsPage } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** Entries a page of the word list holds (the server's most). */
const WORD_PAGE = 50

/** `GET /api/admin/words?q=`: the word list in the order of its folded forms, page by page. */
export function wordsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...adminKeys.words, 'list', q] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(WORD_PAGE) })
      if (q) params.set('q', q)
      if (pageParam) params.set('cursor', pageParam)
      return api.get<WordsPage>(`/api/admin/words?${params.toString()}`, { signal })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function useWords(q: string) {
  return useInfiniteQuery(wordsQueryOptions(q))
}
