import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, loadNamespace } from '@/lib/i18n.ts'
import { stubApi } from '@/test/fetch.ts'
import { renderApp } from '@/test/render-app.tsx'
import { renderWithProviders } from '@/test/render.tsx'
import { beijing, sichuan, weatherMap } from '../test/fixtures.ts'
import { WeatherMapPage } from './weather-map-page.tsx'

beforeAll(() => loadNamespace('weather'))

afterEach(async () => {
  vi.unstubAllGlobals()
  if (i18n.resolvedLanguage !== 'en') await act(() => i18n.changeLanguage('en'))
})

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

const noPosts = () => ({ body: { success: true, posts: [], nextCursor: null, headCursor: null } })

describe('the weather map', () => {
  it('places a coloured, named tile per province on its column and row', async () => {
    stubApi({ 'GET /api/plaza/weather': () => ({ body: weatherMap() }) })
    renderWithProviders(<WeatherMapPage />)
    const tile = await screen.findByRole('button', { name: 'Sichuan, 18 °C, light rain' })
    expect(tile).toHaveTextContent('Sichuan 18 °C')
    // A narrow tile breaks the name between its syllables and nowhere else.
    expect(tile.querySelectorAll('wbr')).toHaveLength(1)
    // Column 2 and row 4 of a map spanning columns 2–5 and rows 2–4.
    expect(tile.style.gridColumn).toBe('1')
    expect(tile.style.gridRow).toBe('3')
    expect(tile.style.backgroundColor).not.toBe('')
    const north = screen.getByRole('button', { name: 'Beijing, -3 °C, snow' })
    expect([north.style.gridColumn, north.style.gridRow]).toEqual(['4', '1'])
    // North before south: Tab meets Beijing first.
    const tiles = screen.getAllByRole('button', { name: /°C/ })
    expect(tiles.map((t) => t.dataset.province)).toEqual(['110000', '510000'])
    const attribution = screen.getByRole('link', { name: /Open-Meteo/ })
    expect(attribution).toHaveAttribute('href', 'https://open-meteo.com/')
    expect(screen.queryByText(/out of date/)).toBeNull()
  })

  it('opens a province by keyboard: current conditions, 3 days and its latest posts, each a link to its page', async () => {
    // In the app's router: the posts link to their pages.
    const { fetchMock: api, user } = renderApp('/plaza/weather/map', {
      'GET /api/auth/token': () => ({ body: signedOut }),
      'GET /api/plaza/weather': () => ({ body: weatherMap() }),
      'GET /api/plaza/posts': () => ({
        body: {
          success: true,
          headCursor: 'c',
          nextCursor: null,
          posts: [
            {
              id: '6f9619ff-8b86-d011-b42d-00c04fc964ff',
              author: { id: 'u', username: 'lin', nickname: '林', avatarUrl: null },
              body: '成都今天下小雨',
              canDelete: false,
              commentCount: 0,
              likeCount: 2,
              liked: false,
              createdAt: '2026-11-25T11:00:00Z',
              district: { code: '510000', nameZh: '四川省', nameEn: 'Sichuan' },
              images: [],
              removedImages: 0,
            },
          ],
        },
      }),
    })
    const tile = await screen.findByRole('button', { name: 'Sichuan, 18 °C, light rain' })
    tile.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Sichuan' })
    expect(within(dialog).getByText('81 %')).toBeInTheDocument()
    const days = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.forecastDay)
    expect(days.map((d) => d.dataset.forecastDay)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ])
    expect(days[0]).toHaveTextContent('Today')
    expect(days[1]).toHaveTextContent('Overcast · 12 °C to 17 °C')
    expect(days[1]).toHaveTextContent('Chance of rain 20 %')
    expect(await within(dialog).findByText('成都今天下小雨')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: /成都今天下小雨/ })).toHaveAttribute(
      'href',
      '/plaza/post/6f9619ff-8b86-d011-b42d-00c04fc964ff',
    )
    expect(within(dialog).getByText('Latest posts in Sichuan')).toBeInTheDocument()
    const postsCall = api.mock.calls.find(([input]) => String(input).includes('/api/plaza/posts'))
    expect(String(postsCall?.[0])).toContain('district=510000&limit=5')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('marks old readings stale with their time', async () => {
    stubApi({
      'GET /api/plaza/weather': () => ({
        body: weatherMap({ stale: true, asOf: '2026-11-25T09:30:00Z' }),
      }),
    })
    renderWithProviders(<WeatherMapPage />)
    const banner = await screen.findByText(/may be out of date/)
    expect(banner.textContent).toMatch(/2026/)
    expect(screen.getByRole('button', { name: 'Sichuan, 18 °C, light rain' })).toBeInTheDocument()
  })

  it('says the weather is unavailable, tiles still there, without readings', async () => {
    stubApi({
      'GET /api/plaza/weather': () => ({
        body: weatherMap({
          available: false,
          asOf: null,
          provinces: [beijing({ weather: null }), sichuan({ weather: null })],
        }),
      }),
      'GET /api/plaza/posts': noPosts,
    })
    const user = userEvent.setup()
    renderWithProviders(<WeatherMapPage />)
    expect(await screen.findByText('The weather is unavailable right now')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sichuan, no readings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sichuan' })
    expect(within(dialog).getByText('No forecast for this place.')).toBeInTheDocument()
    expect(await within(dialog).findByText('No posts from Sichuan yet.')).toBeInTheDocument()
  })

  it('speaks Chinese', async () => {
    stubApi({ 'GET /api/plaza/weather': () => ({ body: weatherMap() }) })
    await act(() => i18n.changeLanguage('zh'))
    renderWithProviders(<WeatherMapPage />)
    expect(await screen.findByRole('button', { name: '四川，18 °C，小雨' })).toHaveTextContent(
      '四川',
    )
    expect(screen.getByRole('heading', { name: '天气地图' })).toBeInTheDocument()
  })

  it('offers to try again when the map cannot be loaded', async () => {
    let failing = true
    stubApi({
      'GET /api/plaza/weather': () =>
        failing
          ? { status: 500, body: { success: false, code: 'internal_error', message: 'x' } }
          : { body: weatherMap() },
    })
    const user = userEvent.setup()
    renderWithProviders(<WeatherMapPage />)
    const retry = await screen.findByRole('button', { name: 'Try again' })
    expect(screen.getByText('The weather could not be loaded.')).toBeInTheDocument()
    failing = false
    await user.click(retry)
    expect(await screen.findByRole('button', { name: /^Sichuan/ })).toBeInTheDocument()
  })
})
