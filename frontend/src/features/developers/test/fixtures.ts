import type { User } from '@/lib/user.ts'
import type { PatInfo, ScopeInfo } from '@/lib/api/types.ts'

const baseUser = {
  nickname: '',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
}

export const lily: User = {
  ...baseUser,
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
}
export const admin: User = { ...baseUser, id: 'u0', username: 'admin', nickname: '', role: 'admin' }

export const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

export const signedInAs = (user: User) => ({
  ...signedOut,
  isAuthenticated: true,
  hasUser: true,
  user,
})

export const scopes: ScopeInfo[] = [
  {
    scope: 'account:read',
    area: 'account',
    access: 'read',
    adminOnly: false,
    description: 'Read your profile',
  },
  {
    scope: 'account:write',
    area: 'account',
    access: 'write',
    adminOnly: false,
    description: 'Change your profile',
  },
  {
    scope: 'ai:write',
    area: 'ai',
    access: 'write',
    adminOnly: false,
    description: 'Chat with the assistant',
  },
  {
    scope: 'admin:read',
    area: 'admin',
    access: 'read',
    adminOnly: true,
    description: 'Read the admin console',
  },
]

export function pat(overrides: Partial<PatInfo> = {}): PatInfo {
  return {
    id: 'b3c1d6a0-0000-4000-8000-000000000001',
    name: 'Backup script',
    hint: 'cyp_…a1B2',
    scopes: ['account:read'],
    createdAt: '2026-03-01T08:00:00Z',
    expiresAt: '2026-03-31T08:00:00Z',
    lastUsedAt: null,
    revokedAt: null,
    state: 'active',
    ...overrides,
  }
}
