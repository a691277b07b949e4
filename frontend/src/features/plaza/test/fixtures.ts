import type { User } from '@/lib/user.ts'

/** The signed-in reader of the plaza's tests. */
const lily: User = {
  id: '00000000-0000-4000-8000-0000000000b1',
  username: 'lily',
  nickname: 'Lily',
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

/** `GET /api/auth/token` for a visitor. */
export const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

/** `GET /api/auth/token` for Lily. */
export const signedIn = { ...signedOut, isAuthenticated: true, hasUser: true, user: lily }
