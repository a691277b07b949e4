import type { QueryClient } from '@tanstack/react-query'
import { groupKey, groupsKey } from '@/lib/api/groups.ts'
import type { Group, GroupHome } from '@/lib/api/types.ts'

/**
 * After a change the server answered with the group: the home's card is replaced at once (the
 * header shows it without waiting), then every group query is refetched, since the change may
 * also open or close the content (joining a private group) or move it between lists.
 */
export function groupChanged(queryClient: QueryClient, group: Group): Promise<void> {
  queryClient.setQueryData<GroupHome>(groupKey(group.id), (home) => home && { ...home, group })
  return queryClient.invalidateQueries({ queryKey: groupsKey })
}

/** After a change answered with a message only: refetch every group query. */
export function groupsChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: groupsKey })
}
