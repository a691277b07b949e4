import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { useMemberAction } from './group-cache.ts'
import { memberPath } from './keys.ts'

type RoleBody = RequestBody<'/api/groups/{id}/members/{userId}/role', 'put'>
type NewRole = RoleBody['role']

/** `PUT …/members/{userId}/role` (the owner): promote to admin or demote to member. */
export function useSetRole(groupId: string) {
  return useMemberAction(({ userId, role }: { userId: string; role: NewRole }) =>
    api.put<ResponseBody<'/api/groups/{id}/members/{userId}/role', 'put'>>(
      `${memberPath(groupId, userId)}/role`,
      { role } satisfies RoleBody,
    ),
  )
}
