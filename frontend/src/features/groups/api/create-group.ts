import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Group, GroupSettings, ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'

/** `POST /api/groups`. */
async function createGroup(settings: GroupSettings): Promise<Group> {
  const response = await api.post<ResponseBody<'/api/groups', 'post', 201>>('/api/groups', settings)
  return response.group
}

/** Creates a group (the creator is its owner); every group list is refetched. */
export function useCreateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => groupsChanged(queryClient),
  })
}
