import type { Group, PlazaPost, Profile, ProfileArticle, ProfileGroup } from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'

// The server's shapes (lib/api/types.ts) filled with plausible values; each test changes what
// it is about.

export const ALICE_ID = '00000000-0000-4000-8000-00000000b001'
const ADMIN_ID = '00000000-0000-4000-8000-00000000b0ad'
const GROUP_ID = '00000000-0000-4000-8000-00000000c001'

function user(id: string, username: string, nickname: string, role: User['role']): User {
  return {
    id,
    username,
    nickname,
    role,
    createdAt: '2026-01-01T00:00:00Z',
    avatarUrl: null,
    avatarThumbnailUrl: null,
    bio: null,
    appearance: { colorMode: null, language: null },
    hasPassword: true,
    phone: null,
    wechatLinked: false,
  }
}

export const users = {
  alice: user(ALICE_ID, 'alice', 'Alice Wang', 'user'),
  admin: user(ADMIN_ID, 'boss', 'Boss', 'admin'),
}

export const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

export function signedInAs(who: User) {
  return { ...signedOut, isAuthenticated: true, hasUser: true, user: who }
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: ALICE_ID,
    username: 'alice',
    nickname: 'Alice Wang',
    avatarUrl: null,
    avatarThumbnailUrl: null,
    bio: 'Reads on weekends.',
    role: 'user',
    createdAt: '2026-03-05T08:00:00Z',
    disabled: null,
    isSelf: false,
    blocked: false,
    myBlock: null,
    ...overrides,
  }
}

export function group(overrides: Partial<Group> = {}): Group {
  return {
    id: GROUP_ID,
    name: 'Book Club',
    description: 'One book a week',
    coverUrl: null,
    coverThumbnailUrl: null,
    visibility: 'public',
    joinPolicy: 'open',
    memberCount: 3,
    ownerId: ALICE_ID,
    createdAt: '2026-03-01T00:00:00Z',
    updatedAt: '2026-03-01T00:00:00Z',
    inviteCode: null,
    membership: null,
    canRead: true,
    canManage: false,
    transferOffer: null,
    ...overrides,
  }
}

export function profileGroup(g: Group, role: ProfileGroup['role'] = 'owner'): ProfileGroup {
  return { group: g, role, since: '2026-03-01T00:00:00Z' }
}

export function post(id: string, body: string): PlazaPost {
  return {
    id,
    author: { id: ALICE_ID, username: 'alice', nickname: 'Alice Wang', avatarUrl: null },
    body,
    images: [],
    removedImages: 0,
    district: null,
    createdAt: '2026-03-06T10:00:00Z',
    likeCount: 2,
    commentCount: 1,
    liked: false,
    canDelete: false,
    version: 1,
    editedAt: null,
    canEdit: false,
    canSeeVersions: false,
    withheld: null,
  }
}

export function article(id: string, title: string, groupName = 'Book Club'): ProfileArticle {
  return {
    article: {
      id,
      groupId: GROUP_ID,
      title,
      excerpt: `${title} excerpt`,
      status: 'published',
      author: { id: ALICE_ID, username: 'alice', nickname: 'Alice Wang', avatarUrl: null },
      updatedAt: '2026-03-07T00:00:00Z',
      publishedAt: '2026-03-07T00:00:00Z',
      replyCount: 0,
      withheld: null,
    },
    groupName,
    groupVisibility: 'public',
  }
}
