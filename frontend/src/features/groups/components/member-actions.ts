import type { Member, MemberRole } from '@/lib/api/types.ts'

export type MemberAction = 'promote' | 'demote' | 'remove' | 'ban'

/**
 * What the viewer may do to a member (docs/groups.md, "Roles"): the owner promotes, demotes,
 * removes and bans anyone but themself; an admin removes and bans members only; nobody touches
 * the owner. The server decides again; this only hides what it would refuse.
 */
export function memberActions(
  viewer: { id: string; role: MemberRole | null },
  member: Pick<Member, 'role'> & { user: { id: string } },
): MemberAction[] {
  if (member.user.id === viewer.id || member.role === 'owner') return []
  if (viewer.role === 'owner') {
    return [member.role === 'admin' ? 'demote' : 'promote', 'remove', 'ban']
  }
  if (viewer.role === 'admin' && member.role === 'member') return ['remove', 'ban']
  return []
}

/** Only the owner may let someone in as an admin; admins approve as members. */
export function approvableRoles(viewerRole: MemberRole | null): Array<'member' | 'admin'> {
  return viewerRole === 'owner' ? ['member', 'admin'] : ['member']
}
