import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { groupQueryOptions } from '@/lib/api/get-group.ts'

/**
 * The group every group page shows (`lib/api/get-group.ts`). Signing in or out drops it and fetches
 * it again for the new viewer; meanwhile the page keeps showing what it had instead of a spinner.
 */
export function useGroupHome(groupId: string) {
  return useQuery({ ...groupQueryOptions(groupId), placeholderData: keepPreviousData })
}
