import { useQueryClient } from '@tanstack/react-query'
import { adminKeys } from './keys.ts'

/** After a change to the districts: every list and search of them refetches. */
export function useRefreshDistricts() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.districts })
}

/** Items per page of a level of the tree or of a search (the server's cap). */
export const DISTRICT_PAGE = 50

export function withCursor(path: string, cursor: string | null): string {
  return cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path
}
