import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/test/render-app.tsx'
import { signedOut } from '../../test/fixtures.ts'

const routes = { 'GET /api/auth/token': () => ({ body: signedOut }) }

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true })
})

afterEach(async () => {
  vi.useRealTimers()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

async function open() {
  const app = renderApp('/developers/tools/timestamp-converter', routes)
  await screen.findByRole('heading', { level: 1, name: 'Timestamp converter' })
  await app.user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Shanghai')
  return app
}

const output = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.querySelector('output')
    ?.textContent

describe('timestamp converter', () => {
  it('converts seconds and milliseconds to dates in the chosen zone, with copy buttons', async () => {
    const { user } = await open()
    const input = screen.getByLabelText('Unix timestamp')
    await user.type(input, '1700000000')
    expect(screen.getByText('Detected: seconds.')).toBeInTheDocument()
    let list = screen.getByLabelText('Date for the timestamp')
    expect(output(list, 'Unix seconds')).toBe('1700000000')
    expect(output(list, 'Unix milliseconds')).toBe('1700000000000')
    expect(output(list, 'ISO 8601')).toBe('2023-11-15T06:13:20.000+08:00')
    expect(output(list, 'ISO 8601 (UTC)')).toBe('2023-11-14T22:13:20.000Z')
    expect(output(list, 'Local date and time')).toMatch(/Wednesday, November 15, 2023.*6:13:20/)

    await user.click(screen.getByRole('button', { name: 'Copy ISO 8601' }))
    expect(await navigator.clipboard.readText()).toBe('2023-11-15T06:13:20.000+08:00')

    await user.clear(input)
    await user.type(input, '1700000000123')
    expect(screen.getByText('Detected: milliseconds.')).toBeInTheDocument()
    list = screen.getByLabelText('Date for the timestamp')
    expect(output(list, 'ISO 8601')).toBe('2023-11-15T06:13:20.123+08:00')
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York')
    expect(output(list, 'ISO 8601')).toBe('2023-11-14T17:13:20.123-05:00')
  })

  it('explains invalid input instead of ignoring it', async () => {
    const { user } = await open()
    const input = screen.getByLabelText('Unix timestamp')
    await user.type(input, '17000abc')
    expect(input).toHaveAccessibleDescription(/Enter a whole or decimal number/)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Unix seconds')).not.toBeInTheDocument()
    await user.clear(input)
    await user.type(input, '1.23456')
    expect(input).toHaveAccessibleDescription(/Too precise/)
    await user.clear(input)
    await user.type(input, '99999999999999999')
    expect(input).toHaveAccessibleDescription(/Outside the years 0001 to 9999/)
  })

  it('converts a date and time in the zone back to the same timestamp', async () => {
    const { user } = await open()
    const dateTime = screen.getByLabelText('Date and time')
    await user.type(dateTime, '2023-11-15T06:13:20')
    const list = screen.getByLabelText('Timestamp for the date')
    expect(output(list, 'Unix seconds')).toBe('1700000000')
    expect(output(list, 'Unix milliseconds')).toBe('1700000000000')
  })

  it('says when a wall time is skipped or repeated by DST', async () => {
    const { user } = await open()
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York')
    const dateTime = screen.getByLabelText('Date and time')
    await user.type(dateTime, '2024-03-10T02:30')
    expect(screen.getByText(/does not exist in America\/New_York/)).toHaveTextContent(
      '2024-03-10T03:30:00.000-04:00',
    )
    await user.clear(dateTime)
    await user.type(dateTime, '2024-11-03T01:30')
    expect(screen.getByText(/happens twice in America\/New_York/)).toHaveTextContent(
      '2024-11-03T01:30:00.000-05:00 (1730615400)',
    )
  })

  it('"Now" fills both sides with the current time', async () => {
    const { user } = await open()
    // Order, not a time budget: the value is read between two readings of the clock.
    const before = Math.floor(Date.now() / 1000)
    await user.click(screen.getByRole('button', { name: 'Now' }))
    const after = Math.floor(Date.now() / 1000)
    const seconds = Number((screen.getByLabelText('Unix timestamp') as HTMLInputElement).value)
    expect(seconds).toBeGreaterThanOrEqual(before)
    expect(seconds).toBeLessThanOrEqual(after)
    expect((screen.getByLabelText('Date and time') as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/,
    )
  })
})
