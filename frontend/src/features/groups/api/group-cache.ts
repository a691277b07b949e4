import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { groupKey, groupsKey } from '@/lib/api/get-group.ts'
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

/** A settings change answered with the group as it is now: the cache takes it, then everything refetches. */
export function useGroupChange<Variables>(
  action: (variables: Variables) => Promise<{ group: Group }>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (variables: Variables) => (await action(variables)).group,
    onSuccess: (group: Group) => groupChanged(queryClient, group),
  })
}

/** A manager's action on someone; each refetches the group, its members, requests and bans. */
export function useMemberAction<Variables, Answer>(
  action: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSuccess: () => groupsChanged(queryClient),
  })
}
