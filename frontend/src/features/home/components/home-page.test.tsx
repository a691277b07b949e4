import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Group, PlazaFeedPage, PlazaPost, ResponseBody } from '@/lib/api/types.ts'
import enAuth from '@/locales/en/auth.json'
import enCommon from '@/locales/en/common.json'
import enHome from '@/locales/en/home.json'
import zhAuth from '@/locales/zh/auth.json'
import zhCommon from '@/locales/zh/common.json'
import zhHome from '@/locales/zh/home.json'
import indexHtml from '../../../../index.html?raw'
import type { StubResponse } from '@/test/fetch.ts'
import { renderApp } from '@/test/render-app.tsx'
import { excerpt } from '../excerpt.ts'

type WeatherMap = ResponseBody<'/api/plaza/weather', 'get'>
type Routes = Record<string, () => StubResponse | Promise<StubResponse>>

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

const person = { id: 'u-1', username: 'lin', nickname: 'Xiao Lin', avatarUrl: null }

function post(id: string, overrides: Partial<PlazaPost> = {}): PlazaPost {
  return {
    id,
    author: person,
    body: `Post ${id}`,
    images: [],
    removedImages: 0,
    district: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    likeCount: 0,
    commentCount: 0,
    liked: false,
    canDelete: false,
    version: 1,
    editedAt: null,
    canEdit: false,
    canSeeVersions: false,
    withheld: null,
    ...overrides,
  }
}

const feed = (posts: PlazaPost[]): PlazaFeedPage => ({
  success: true,
  posts,
  nextCursor: null,
  headCursor: posts.length ? 'head' : null,
})

function group(id: string, overrides: Partial<Group> = {}): Group {
  return {
    id,
    name: `Group ${id}`,
    description: `About group ${id}`,
    coverUrl: null,
    coverThumbnailUrl: null,
    visibility: 'public',
    joinPolicy: 'open',
    memberCount: 1,
    ownerId: 'u-1',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    canManage: false,
    canRead: true,
    inviteCode: null,
    membership: null,
    transferOffer: null,
    ...overrides,
  }
}

const groups = (list: Group[]) => ({ success: true, groups: list, nextCursor: null })

const weather: WeatherMap = {
  success: true,
  available: true,
  asOf: '2026-11-27T09:00:00Z',
  stale: false,
  attribution: 'Weather data by Open-Meteo.com (CC BY 4.0)',
  provinces: [
    {
      code: '110000',
      nameZh: '北京市',
      nameEn: 'Beijing',
      tile: { col: 5, row: 2 },
      lat: 39.9,
      lon: 116.4,
      weather: {
        temperatureC: 3.6,
        condition: 'partly_cloudy',
        windKmh: null,
        humidity: null,
        observedAt: '2026-11-27T09:00:00Z',
        daily: [],
      },
    },
  ],
}

/** The home page's four calls, each answering as given (by default: some content). */
function homeRoutes(overrides: Partial<Routes> = {}): Routes {
  return {
    'GET /api/auth/token': () => ({ body: signedOut }),
    'GET /api/plaza/posts': () => ({
      body: feed([
        post('p1', {
          body: 'Sunny in Chengdu today',
          likeCount: 3,
          commentCount: 2,
          images: [
            {
              id: 'i1',
              url: '/api/media/i1',
              thumbnailUrl: '/api/media/i1/thumb',
              width: 640,
              height: 480,
            },
          ],
        }),
        post('p2', {
          body: '',
          images: [
            {
              id: 'i2',
              url: '/api/media/i2',
              thumbnailUrl: '/api/media/i2/thumb',
              width: 640,
              height: 480,
            },
            {
              id: 'i3',
              url: '/api/media/i3',
              thumbnailUrl: '/api/media/i3/thumb',
              width: 640,
              height: 480,
            },
          ],
        }),
      ]),
    }),
    'GET /api/groups': () => ({
      body: groups([
        group('g1', {
          name: 'Weekend readers',
          memberCount: 12,
          coverThumbnailUrl: '/api/media/c1/thumb',
        }),
        group('g2', { name: 'My secret club', visibility: 'private' }),
        group('g3', { name: 'Hill walkers' }),
      ]),
    }),
    'GET /api/plaza/weather': () => ({ body: weather }),
    ...overrides,
  } as Routes
}

function section(name: string) {
  return screen.findByRole('region', { name })
}

/** Every string of a locale file, flattened. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

// Features that are planned but not built yet: the home page must not offer them. (Groups are
// built since issue 12, the plaza and its weather map since issue 13.)
const NOT_BUILT = /\bprofiles?\b|个人主页/i

describe('home page (issue 11: it claims only what exists)', () => {
  it('names no feature that is not built, in either language', () => {
    for (const text of [...strings(enHome), ...strings(zhHome)]) {
      expect(text).not.toMatch(NOT_BUILT)
    }
  })

  it('neither do the footer, the login dialog, the page description or the web manifests', () => {
    const manifests = import.meta.glob<string>('../../../../public/manifest/*.webmanifest', {
      query: '?raw',
      import: 'default',
      eager: true,
    })
    expect(Object.keys(manifests).length).toBeGreaterThan(1)
    const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(indexHtml)?.[1]
    expect(description).toContain('Courtyard')
    for (const text of [
      enCommon.footer,
      zhCommon.footer,
      enAuth.login.description,
      zhAuth.login.description,
      description,
      ...Object.values(manifests).map((manifest) => JSON.parse(manifest).description as string),
    ]) {
      expect(text).not.toMatch(NOT_BUILT)
    }
  })

  it('the login dialog describes the community, not only the assistant and the API (issue 21)', () => {
    expect(enAuth.login.description).toMatch(/plaza/i)
    expect(enAuth.login.description).toMatch(/group/i)
    expect(zhAuth.login.description).toContain('广场')
    expect(zhAuth.login.description).toContain('小组')
  })
})

describe('home page (issue 21: it shows the community)', () => {
  it('introduces Courtyard with the login call and links to its places, signed out', async () => {
    renderApp('/', homeRoutes())
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A community in Chinese and English' }),
    ).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Log in or create an account' })).toBeVisible()
    const places = screen.getByRole('navigation', { name: 'Places in Courtyard' })
    expect(
      within(places)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Plaza', '/plaza'],
      ['Groups', '/group'],
      ['Weather map', '/plaza/weather/map'],
      ['Developer API', '/developers/api'],
    ])
  })

  it('greets a signed-in person instead', async () => {
    renderApp(
      '/',
      homeRoutes({
        'GET /api/auth/token': () => ({
          body: {
            ...signedOut,
            isAuthenticated: true,
            hasUser: true,
            user: {
              id: 'u-1',
              username: 'lin',
              nickname: 'Xiao Lin',
              role: 'user',
              avatarUrl: null,
              avatarThumbnailUrl: null,
              bio: null,
              appearance: { colorMode: 'system', language: 'system' },
              hasPassword: true,
              phone: null,
              wechatLinked: false,
              createdAt: '2026-11-20T10:00:00Z',
            },
          },
        }),
      }),
    )
    expect(await screen.findByText('Hello, Xiao Lin')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Log in or create an account' })).toBeNull()
  })

  it('shows the latest posts, each a link to its own page', async () => {
    const { fetchMock } = renderApp('/', homeRoutes())
    const posts = await screen.findByRole('region', { name: 'Latest on the plaza' })
    const first = await within(posts).findByRole('link', { name: /Sunny in Chengdu today/ })
    expect(first).toHaveAttribute('href', '/plaza/post/p1')
    expect(first).toHaveTextContent('3 likes')
    expect(first).toHaveTextContent('2 comments')
    expect(first).toHaveTextContent('5 minutes ago')
    expect(first.querySelector('img[src="/api/media/i1/thumb"]')).toHaveAttribute('width', '80')
    // A post of images alone says so.
    expect(within(posts).getByRole('link', { name: /Shared 2 photos/ })).toHaveAttribute(
      'href',
      '/plaza/post/p2',
    )
    expect(within(posts).getByRole('link', { name: /All posts/ })).toHaveAttribute('href', '/plaza')
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.includes('/api/plaza/posts'))
    expect(asked).toContain('limit=4')
  })

  it('shows the public groups (not the private ones the viewer is in), each a link to its page', async () => {
    renderApp('/', homeRoutes())
    const groupList = await screen.findByRole('region', { name: 'Public groups' })
    const readers = await within(groupList).findByRole('link', { name: /Weekend readers/ })
    expect(readers).toHaveAttribute('href', '/group/g1')
    expect(readers).toHaveTextContent('12 members')
    expect(readers).toHaveTextContent('About group g1')
    expect(readers.querySelector('img')).toHaveAttribute('src', '/api/media/c1/thumb')
    expect(within(groupList).getByRole('link', { name: /Hill walkers/ })).toHaveAttribute(
      'href',
      '/group/g3',
    )
    expect(within(groupList).queryByRole('link', { name: /My secret club/ })).toBeNull()
  })

  it('shows the weather of Beijing, a link to the weather map', async () => {
    renderApp('/', homeRoutes())
    const card = await within(await section('Weather')).findByRole('link', {
      name: /Now in Beijing/,
    })
    expect(card).toHaveAttribute('href', '/plaza/weather/map')
    expect(card).toHaveTextContent('4 °C')
    expect(card).toHaveTextContent('Partly cloudy')
  })

  it('does not wait for the weather: the page shows while it loads, in a card of its final size', async () => {
    renderApp(
      '/',
      homeRoutes({ 'GET /api/plaza/weather': () => new Promise<StubResponse>(() => {}) }),
    )
    expect(await screen.findByRole('link', { name: /Sunny in Chengdu today/ })).toBeVisible()
    const weatherSection = await section('Weather')
    expect(weatherSection).toHaveAttribute('aria-busy', 'true')
    expect(within(weatherSection).getByRole('link')).toHaveAttribute('href', '/plaza/weather/map')
  })

  it('has empty states that lead to where content is made', async () => {
    renderApp(
      '/',
      homeRoutes({
        'GET /api/plaza/posts': () => ({ body: feed([]) }),
        'GET /api/groups': () => ({ body: groups([group('g2', { visibility: 'private' })]) }),
        'GET /api/plaza/weather': () => ({
          body: {
            ...weather,
            available: false,
            asOf: null,
            provinces: [{ ...weather.provinces[0]!, weather: null }],
          },
        }),
      }),
    )
    expect(await screen.findByText('Nobody has posted on the plaza yet.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Write the first post' })).toHaveAttribute(
      'href',
      '/plaza',
    )
    expect(screen.getByText('There are no public groups yet.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Start a group' })).toHaveAttribute('href', '/group')
    expect(
      await within(await section('Weather')).findByText('No readings right now.'),
    ).toBeVisible()
  })

  it('keeps the other sections when one fails, and tries that one again', async () => {
    let postsUp = false
    const { user } = renderApp(
      '/',
      homeRoutes({
        'GET /api/plaza/posts': () =>
          postsUp
            ? { body: feed([post('p9', { body: 'Back again' })]) }
            : { status: 500, body: { success: false, message: 'down' } },
        'GET /api/plaza/weather': () => ({ status: 503, body: { success: false, message: 'no' } }),
      }),
    )
    const posts = await screen.findByRole('region', { name: 'Latest on the plaza' })
    expect(await within(posts).findByRole('alert')).toHaveTextContent(
      'The latest posts could not be loaded.',
    )
    // The groups and the introduction are there all the same; the weather says it failed.
    expect(await screen.findByRole('link', { name: /Weekend readers/ })).toBeVisible()
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible()
    expect(
      await within(await section('Weather')).findByText('The weather could not be loaded.'),
    ).toBeVisible()

    postsUp = true
    await user.click(within(posts).getByRole('button', { name: 'Try again' }))
    expect(await within(posts).findByRole('link', { name: /Back again/ })).toBeVisible()
  })

  it('never lets one excerpt carry a whole long post', () => {
    expect(excerpt('one\n\ntwo   three')).toBe('one two three')
    const long = excerpt('字'.repeat(500))
    expect([...long]).toHaveLength(281)
    expect(long.endsWith('…')).toBe(true)
  })
})
