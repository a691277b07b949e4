import type { Group } from '@/lib/api/types.ts'

/** Whether the group's waiting offer of ownership is made to the signed-in person. */
export function offeredToMe(group: Group, userId: string | undefined): boolean {
  return !!userId && group.transferOffer?.to.id === userId
}
