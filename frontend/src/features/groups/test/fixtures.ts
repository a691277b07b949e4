import type {
  Group,
  GroupHome,
  JoinRequest,
  Member,
  MemberRole,
  Membership,
  Person,
} from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'

// The server's shapes (lib/api/types.ts) filled with plausible values; each test changes what
// it is about.

export const GROUP_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b'

function user(id: string, username: string, nickname: string): User {
  return {
    id,
    username,
    nickname,
    role: 'user',
    createdAt: '2026-01-01T00:00:00Z',
    avatarUrl: null,
    hasPassword: true,
    phone: null,
    wechatLinked: false,
    avatarThumbnailUrl: null,
    bio: null,
    appearance: { colorMode: null, language: null },
  }
}

/** Users as the session knows them; their ids match the people below. */
export const users = {
  olivia: user('00000000-0000-4000-8000-0000000000a1', 'olivia', 'Olivia'),
  adam: user('00000000-0000-4000-8000-0000000000a2', 'adam', 'Adam'),
  mia: user('00000000-0000-4000-8000-0000000000a3', 'mia', 'Mia'),
  sam: user('00000000-0000-4000-8000-0000000000a4', 'sam', '小山'),
}

export function person(who: User): Person {
  return { id: who.id, username: who.username, nickname: who.nickname, avatarUrl: null }
}

export const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

export const signedInAs = (who: User) => ({
  ...signedOut,
  isAuthenticated: true,
  hasUser: true,
  user: who,
})

export function membership(role: MemberRole, state: Membership['state'] = 'active'): Membership {
  return { role, state, since: '2026-02-01T09:00:00Z' }
}

export function group(overrides: Partial<Group> = {}): Group {
  return {
    id: GROUP_ID,
    name: '周末读书会',
    description: 'We read one book a month.',
    coverUrl: null,
    coverThumbnailUrl: null,
    visibility: 'public',
    joinPolicy: 'approval',
    memberCount: 3,
    ownerId: users.olivia.id,
    createdAt: '2026-01-10T08:00:00Z',
    updatedAt: '2026-01-10T08:00:00Z',
    inviteCode: null,
    membership: null,
    canRead: true,
    canManage: false,
    transferOffer: null,
    ...overrides,
  }
}

/** The group as its owner, an admin or a member sees it. */
export function groupAs(role: MemberRole, overrides: Partial<Group> = {}): Group {
  return group({
    membership: membership(role),
    canManage: role !== 'member',
    inviteCode: role === 'member' ? null : '7KQ2MZ9P',
    ...overrides,
  })
}

export function member(who: User, role: MemberRole, state: Membership['state'] = 'active'): Member {
  return { user: person(who), role, state, since: '2026-02-01T09:00:00Z' }
}

export const members: Member[] = [
  member(users.olivia, 'owner'),
  member(users.adam, 'admin'),
  member(users.mia, 'member'),
]

export function home(g: Group, extras: Partial<Omit<GroupHome, 'group'>> = {}): GroupHome {
  return {
    success: true,
    group: g,
    articles: g.canRead
      ? [
          {
            id: '6a000000-0000-4000-8000-000000000001',
            groupId: g.id,
            title: 'What we read in March',
            excerpt: 'Three books, one long evening.',
            status: 'published',
            author: person(users.adam),
            updatedAt: '2026-03-02T10:00:00Z',
            publishedAt: '2026-03-02T10:00:00Z',
            replyCount: 0,
            withheld: null,
          },
        ]
      : [],
    gallery: [],
    members: g.canRead ? members : [],
    ...extras,
  }
}

export function request(who: User, overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: `7b000000-0000-4000-8000-0000000000${who.id.slice(-2)}`,
    user: person(who),
    message: 'I love reading, may I join?',
    status: 'pending',
    createdAt: '2026-03-01T12:00:00Z',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    grantedRole: null,
    ...overrides,
  }
}
