import { useInfiniteQuery } from '@tanstack/react-query'
import { searchArticlesQueryOptions } from './api/search-articles.ts'
import { searchGroupsQueryOptions } from './api/search-groups.ts'
import { searchPeopleQueryOptions } from './api/search-people.ts'
import { searchPostsQueryOptions } from './api/search-posts.ts'
import { searchRepliesQueryOptions } from './api/search-replies.ts'
import type { SearchParams, SearchTab } from './search-params.ts'

/** The filters each kind takes; groups and people take none. */
export const TAB_FILTERS: Record<SearchTab, readonly ('since' | 'district' | 'group')[]> = {
  posts: ['since', 'district'],
  articles: ['since', 'group'],
  replies: ['since', 'group'],
  groups: [],
  people: [],
}

/**
 * One tab's search with the filters that kind takes (`TAB_FILTERS`): a filter of another tab in
 * the address stays there for when that tab is back, but is not sent.
 */
export function searchQueryOptions(tab: SearchTab, q: string, search: SearchParams) {
  const { since, district, group } = search
  switch (tab) {
    case 'posts':
      return searchPostsQueryOptions({ q, since, district })
    case 'articles':
      return searchArticlesQueryOptions({ q, since, group })
    case 'replies':
      return searchRepliesQueryOptions({ q, since, group })
    case 'groups':
      return searchGroupsQueryOptions(q)
    case 'people':
      return searchPeopleQueryOptions(q)
  }
}

export function useSearchResults(tab: SearchTab, q: string, search: SearchParams) {
  return useInfiniteQuery(searchQueryOptions(tab, q, search))
}
