import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type {
  Article,
  ArticleSummary,
  GalleryImage,
  Group,
  GroupHome,
  Person,
} from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'
import type { Reply } from '../api/list-replies.ts'
import type { StubResponse } from '@/test/fetch.ts'
import { renderApp } from '@/test/render-app.tsx'

// A group's articles and gallery over an in-memory server, at the network edge (fetch), with the
// real router, shell and query client around the pages.

export type Routes = Record<
  string,
  (init: RequestInit | undefined) => StubResponse | Promise<StubResponse>
>

export const GROUP = '0f8c2a1e-1b2c-4d3e-8f40-000000000001'
export const ARTICLE = '0f8c2a1e-1b2c-4d3e-8f40-0000000000a1'

const baseUser = {
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
  role: 'user' as const,
}
export const lily: User = { ...baseUser, id: 'u-lily', username: 'lily', nickname: 'Lily' }
export const ming: User = { ...baseUser, id: 'u-ming', username: 'ming', nickname: '小明' }

const person = (user: User): Person => ({
  id: user.id,
  username: user.username,
  nickname: user.nickname,
  avatarUrl: null,
})

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}
const signedInAs = (user: User) => ({ ...signedOut, isAuthenticated: true, hasUser: true, user })

export function group(overrides: Partial<Group> = {}): Group {
  return {
    id: GROUP,
    name: '周末读书会',
    description: '',
    coverUrl: null,
    coverThumbnailUrl: null,
    visibility: 'public',
    joinPolicy: 'open',
    memberCount: 2,
    ownerId: ming.id,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    inviteCode: null,
    membership: { role: 'member', state: 'active', since: '2026-01-02T00:00:00Z' },
    canRead: true,
    canManage: false,
    transferOffer: null,
    ...overrides,
  }
}

export function article(overrides: Partial<Article> = {}): Article {
  return {
    id: ARTICLE,
    groupId: GROUP,
    title: '三月书单',
    body: '## 三月\n\n- 《活着》',
    excerpt: '三月 《活着》',
    status: 'draft',
    author: person(lily),
    version: 1,
    createdAt: '2026-03-01T06:00:00Z',
    updatedAt: '2026-03-01T06:00:00Z',
    publishedAt: null,
    mayEdit: true,
    replyCount: 0,
    repliesLocked: false,
    withheld: null,
    ...overrides,
  }
}

export function summary(from: Article): ArticleSummary {
  const { id, groupId, title, excerpt, status, author, updatedAt, publishedAt, replyCount } = from
  const { withheld } = from
  return {
    id,
    groupId,
    title,
    excerpt,
    status,
    author,
    updatedAt,
    publishedAt,
    replyCount,
    withheld,
  }
}

export function image(n: number, overrides: Partial<GalleryImage> = {}): GalleryImage {
  const id = `0f8c2a1e-1b2c-4d3e-8f40-0000000010${String(n).padStart(2, '0')}`
  return {
    id,
    url: `/api/media/${id}`,
    thumbnailUrl: `/api/media/${id}/thumbnail`,
    width: 1600,
    height: 1200,
    thumbWidth: 480,
    thumbHeight: 360,
    contentType: 'image/jpeg',
    bytes: 200_000,
    ownerId: lily.id,
    articleId: null,
    createdAt: `2026-03-0${Math.min(n, 9)}T08:00:00Z`,
    ...overrides,
  }
}

const problem = (status: number, code: string, message: string): StubResponse => ({
  status,
  body: { success: false, code, message },
})

export const membersOnly = () =>
  problem(403, 'members_only', 'Only members of this group can see this')

/** The viewer, the group home and the JSON body of each call, as the tests need them. */
export function renderGroupPage(
  path: string,
  {
    viewer = lily as User | null,
    home = group() as Group,
    routes = {} as Routes,
  }: { viewer?: User | null; home?: Group; routes?: Routes } = {},
) {
  const all: Routes = {
    'GET /api/auth/token': () => ({ body: viewer ? signedInAs(viewer) : signedOut }),
    [`GET /api/groups/${GROUP}`]: () => ({
      body: {
        success: true,
        group: home,
        articles: [],
        gallery: [],
        members: [],
      } satisfies GroupHome,
    }),
    ...routes,
  }
  const app = renderApp(path, all)
  const calls = (method: string, pathname: string) =>
    app.fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), location.href).pathname === pathname,
    )
  const bodies = (method: string, pathname: string) =>
    calls(method, pathname).map(([, init]) => JSON.parse(String(init?.body)) as unknown)
  return { ...app, calls, bodies }
}

/** user-event on vitest's fake timers (`vi.useFakeTimers({ shouldAdvanceTime: true })`). */
export function fakeTimerUser() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
}

/** The article endpoints over one article: saves check `version` like the server (409). */
export function articleApi(initial: Article) {
  let current = initial
  const path = `/api/groups/${GROUP}/articles/${initial.id}`
  const server = {
    get current() {
      return current
    },
    /** Someone else saves meanwhile (another tab). */
    saveElsewhere(title: string, body: string) {
      current = {
        ...current,
        title,
        body,
        excerpt: body.slice(0, 40),
        version: current.version + 1,
        updatedAt: '2026-03-01T07:30:00Z',
      }
    },
    routes: {
      [`GET ${path}`]: () => ({ body: { success: true, article: current } }),
      [`PUT ${path}`]: (init) => {
        const save = JSON.parse(String(init?.body)) as {
          title: string
          body: string
          version: number
        }
        if (save.version !== current.version) {
          return {
            status: 409,
            body: {
              success: false,
              code: 'edit_conflict',
              message: 'Someone saved this article since you opened it',
              current,
            },
          }
        }
        current = {
          ...current,
          title: save.title,
          body: save.body,
          version: current.version + 1,
          updatedAt: '2026-03-01T06:05:00Z',
        }
        return { body: { success: true, article: current } }
      },
      [`POST ${path}/publish`]: () => {
        current = {
          ...current,
          status: 'published',
          version: current.version + 1,
          publishedAt: current.publishedAt ?? '2026-03-01T06:10:00Z',
        }
        return { body: { success: true, article: current } }
      },
      [`POST ${path}/unpublish`]: () => {
        current = { ...current, status: 'draft', version: current.version + 1 }
        return { body: { success: true, article: current } }
      },
      [`DELETE ${path}`]: () => ({ body: { success: true, message: 'Deleted' } }),
      [`GET /api/groups/${GROUP}/articles`]: () => ({
        body: { success: true, articles: [], nextCursor: null },
      }),
      [`GET /api/groups/${GROUP}/articles/drafts`]: () => ({
        body: { success: true, articles: [], nextCursor: null },
      }),
    } satisfies Routes,
  }
  return server
}

/** A reply to `ARTICLE` by `author`, numbered `n` (its id ends in `n`). */
export function reply(n: number, author: User, overrides: Partial<Reply> = {}): Reply {
  return {
    id: replyId(n),
    articleId: ARTICLE,
    author: person(author),
    body: `Reply **${n}**`,
    quote: null,
    createdAt: `2026-03-02T0${Math.min(n, 9)}:00:00Z`,
    version: 1,
    editedAt: null,
    withheld: null,
    ...overrides,
  }
}

export const replyId = (n: number) =>
  `0f8c2a1e-1b2c-4d3e-8f40-0000000030${String(n).padStart(2, '0')}`

/**
 * The replies endpoints over one article's thread, like the server: pages of `pageSize` oldest
 * first, a new reply last (quoting by id, 404 for an unknown one), deletes, the lock (409
 * `replies_locked` for a reply to a locked thread). `failNext` refuses the next reply.
 */
export function repliesApi(
  initial: Reply[],
  {
    locked = false,
    pageSize = 50,
    viewer = lily,
  }: { locked?: boolean; pageSize?: number; viewer?: User } = {},
) {
  const path = `/api/groups/${GROUP}/articles/${ARTICLE}/replies`
  const state = {
    replies: [...initial],
    locked,
    failNext: null as StubResponse | null,
    /** The texts edits replaced (of any reply), oldest first. */
    edits: [] as { version: number; body: string; writtenAt: string }[],
  }
  let created = 0
  let nextStart = 0
  const page = (cursor: string | null) => {
    const start = cursor ? Number(cursor) : 0
    const items = state.replies.slice(start, start + pageSize)
    const next = start + pageSize < state.replies.length ? String(start + pageSize) : null
    return {
      success: true,
      replies: items,
      replyCount: state.replies.length,
      repliesLocked: state.locked,
      nextCursor: next,
    }
  }
  const routes: Routes = {
    // The stub sees only the request's init, not its address: each GET answers the page after
    // the previous one's (a first page again once the last was given).
    [`GET ${path}`]: () => {
      const answer = page(nextStart === 0 ? null : String(nextStart))
      nextStart = answer.nextCursor === null ? 0 : Number(answer.nextCursor)
      return { body: answer }
    },
    [`POST ${path}`]: (init) => {
      if (state.failNext) {
        const answer = state.failNext
        state.failNext = null
        return answer
      }
      if (state.locked) return problem(409, 'replies_locked', 'Replies to this article are closed')
      const sent = JSON.parse(String(init?.body)) as { body: string; quoteId?: string | null }
      const quoted = sent.quoteId ? state.replies.find((r) => r.id === sent.quoteId) : null
      if (sent.quoteId && !quoted) return problem(404, 'not_found', 'Not found')
      created += 1
      const made = reply(90 + created, viewer, {
        body: sent.body,
        createdAt: '2026-03-03T08:00:00Z',
        quote: quoted
          ? {
              id: quoted.id,
              deleted: false,
              author: quoted.author,
              excerpt: quoted.body.slice(0, 40),
            }
          : null,
      })
      state.replies.push(made)
      return { status: 201, body: { success: true, reply: made } }
    },
    [`PUT ${path}/lock`]: (init) => {
      state.locked = (JSON.parse(String(init?.body)) as { locked: boolean }).locked
      return {
        body: { success: true, replyCount: state.replies.length, repliesLocked: state.locked },
      }
    },
  }
  for (const r of initial) {
    routes[`DELETE ${path}/${r.id}`] = () => {
      state.replies = state.replies.filter((known) => known.id !== r.id)
      return { body: { success: true, message: 'Deleted' } }
    }
    // An edit from the stored version, else 409 `edit_conflict` with the reply as it is.
    routes[`PATCH ${path}/${r.id}`] = (init) => {
      const sent = JSON.parse(String(init?.body)) as { body: string; version: number }
      const index = state.replies.findIndex((known) => known.id === r.id)
      const now = state.replies[index]!
      if (now.version !== sent.version) {
        return {
          status: 409,
          body: {
            success: false,
            code: 'edit_conflict',
            message: 'This reply was changed after you started editing',
            current: now,
          },
        }
      }
      const edited = {
        ...now,
        body: sent.body,
        version: now.version + 1,
        editedAt: '2026-03-04T09:30:00Z',
      }
      state.edits.push({ version: now.version, body: now.body, writtenAt: now.createdAt })
      state.replies[index] = edited
      return { body: { success: true, reply: edited } }
    }
    routes[`GET ${path}/${r.id}/versions`] = () => {
      const now = state.replies.find((known) => known.id === r.id)
      if (!now) return problem(404, 'not_found', 'Not found')
      return { body: { success: true, reply: now, versions: [...state.edits].reverse() } }
    }
  }
  return { state, routes, path }
}

/** The gallery in pages (each GET answers the next one, then the last again); DELETE removes. */
export function galleryRoutes(pages: GalleryImage[][]): Routes {
  let page = 0
  const deleted = new Set<string>()
  const api = `/api/groups/${GROUP}/gallery`
  const routes: Routes = {
    [`GET ${api}`]: () => {
      const images = (pages[Math.min(page, pages.length - 1)] ?? []).filter(
        (known) => !deleted.has(known.id),
      )
      const nextCursor = page < pages.length - 1 ? `c${page + 2}` : null
      page++
      return { body: { success: true, images, nextCursor } }
    },
  }
  for (const known of pages.flat()) {
    routes[`DELETE ${api}/${known.id}`] = () => {
      deleted.add(known.id)
      return { body: { success: true, message: 'Deleted' } }
    }
  }
  return routes
}
