import type { ResponseBody } from '@/lib/api/types.ts'
import type { SearchHit, SearchResults } from '../api/results.ts'

// The server's shapes (the generated types) filled with plausible values; each test changes what
// it is about.

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const ANA = { id: id(901), username: 'ana', nickname: 'Ana', avatarUrl: null }

/** A post by Ana in Sichuan whose text matched "library". */
export function hit(n: number, overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    id: id(n),
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    author: ANA,
    title: null,
    excerpt: [
      { text: 'Read all day at the ', hit: false },
      { text: 'library', hit: true },
      { text: ' by the river.', hit: false },
    ],
    group: null,
    article: null,
    district: { code: '510000', nameZh: '四川省', nameEn: 'Sichuan' },
    ...overrides,
  }
}

export function page(hits: SearchHit[], nextCursor: string | null = null): { body: SearchResults } {
  return { body: { success: true, hits, nextCursor } }
}

const signedOutBody = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

export const signedOut = { body: signedOutBody }

export const signedIn = {
  body: {
    ...signedOutBody,
    isAuthenticated: true,
    hasUser: true,
    user: {
      id: id(950),
      username: 'ben',
      nickname: 'Ben',
      role: 'user',
      createdAt: '2026-01-01T00:00:00Z',
      avatarUrl: null,
      avatarThumbnailUrl: null,
      bio: null,
      appearance: { colorMode: null, language: null },
      hasPassword: true,
      phone: null,
      wechatLinked: false,
    },
  },
}

type MyGroup = ResponseBody<'/api/groups/mine', 'get'>['groups'][number]
type District = ResponseBody<'/api/districts', 'get'>['districts'][number]

/** One of the viewer's groups: active unless `state` says otherwise. */
export function myGroup(n: number, name: string, state: 'active' | 'pending' = 'active'): MyGroup {
  return {
    id: id(n),
    name,
    description: '',
    visibility: 'private',
    joinPolicy: 'approval',
    memberCount: 3,
    ownerId: id(901),
    canManage: false,
    canRead: state === 'active',
    coverUrl: null,
    coverThumbnailUrl: null,
    inviteCode: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    membership: { role: 'member', state, since: '2026-02-01T00:00:00Z' },
    transferOffer: null,
  }
}

function province(code: string, nameZh: string, nameEn: string): District {
  return {
    code,
    nameZh,
    nameEn,
    level: 'province',
    parentCode: null,
    lat: 30,
    lon: 104,
    tile: null,
  }
}

/** `GET /api/districts`: two provinces. */
export const provinces = {
  body: {
    success: true,
    districts: [province('110000', '北京市', 'Beijing'), province('510000', '四川省', 'Sichuan')],
    nextCursor: null,
  },
}
