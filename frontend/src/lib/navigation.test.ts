import { describe, expect, it, vi } from 'vitest'
import {
  checkNavigationTarget,
  guardFetch,
  isFontHost,
  navigateExternal,
  NavigationRejectedError,
} from './navigation.ts'

const BASE = 'https://courtyard.example/settings/security'

function rejection(run: () => unknown): NavigationRejectedError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(NavigationRejectedError)
    return error as NavigationRejectedError
  }
  throw new Error('expected the navigation to be rejected')
}

describe('navigation targets (spec §2.1)', () => {
  it('allows paths and same-origin URLs', () => {
    expect(checkNavigationTarget('/group/7#top', {}, BASE).href).toBe(
      'https://courtyard.example/group/7#top',
    )
    expect(checkNavigationTarget('../', {}, BASE).pathname).toBe('/')
    expect(checkNavigationTarget('https://courtyard.example/plaza', {}, BASE).pathname).toBe(
      '/plaza',
    )
  })

  it('rejects another origin without the external flag', () => {
    const error = rejection(() => checkNavigationTarget('https://evil.example/', {}, BASE))
    expect(error.reason).toBe('external-without-flag')
    expect(error.message).toBe('Blocked navigation to an external address: https://evil.example/')
    expect(rejection(() => checkNavigationTarget('//evil.example/x', {}, BASE)).reason).toBe(
      'external-without-flag',
    )
    expect(
      rejection(() => checkNavigationTarget('http://courtyard.example/', {}, BASE)).reason,
    ).toBe('external-without-flag')
  })

  it('allows another origin with the external flag', () => {
    expect(
      checkNavigationTarget('https://open.weixin.qq.com/connect', { external: true }, BASE).host,
    ).toBe('open.weixin.qq.com')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' \tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('rejects the dangerous URL %j even when external', (target) => {
    const error = rejection(() => checkNavigationTarget(target, { external: true }, BASE))
    expect(error.reason).toBe('dangerous-protocol')
    expect(error.message).toMatch(/^Blocked a link with an unsafe protocol/)
  })

  it('navigateExternal assigns the checked URL and refuses dangerous ones', () => {
    const location = { href: BASE, assign: vi.fn() }
    navigateExternal('https://open.weixin.qq.com/connect/oauth2/authorize?appid=1', location)
    expect(location.assign).toHaveBeenCalledWith(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=1',
    )
    expect(() => navigateExternal('javascript:alert(1)', location)).toThrow(NavigationRejectedError)
    expect(location.assign).toHaveBeenCalledTimes(1)
  })
})

describe('font request guard (spec §8)', () => {
  it('recognises font hosts and their subdomains only', () => {
    expect(isFontHost('fonts.googleapis.com')).toBe(true)
    expect(isFontHost('FONTS.GSTATIC.COM')).toBe(true)
    expect(isFontHost('use.typekit.net')).toBe(true)
    expect(isFontHost('fonts.bunny.net')).toBe(true)
    expect(isFontHost('fonts.loli.net')).toBe(true)
    expect(isFontHost('notfonts.googleapis.com.example')).toBe(false)
    expect(isFontHost('courtyard.example')).toBe(false)
  })

  it('rejects font requests without sending them', async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const guarded = guardFetch(inner)
    await expect(guarded('https://fonts.googleapis.com/css2?family=Inter')).rejects.toThrow(
      'The font request to fonts.googleapis.com was blocked for performance',
    )
    await expect(guarded(new Request('https://fonts.gstatic.com/s/x.woff2'))).rejects.toThrow(
      /blocked/,
    )
    await expect(guarded(new URL('https://use.typekit.net/abc.css'))).rejects.toThrow(/blocked/)
    expect(inner).not.toHaveBeenCalled()
  })

  it('passes every other request through untouched', async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const guarded = guardFetch(inner)
    const init = { method: 'POST' }
    await guarded('/api/auth/logout', init)
    expect(inner).toHaveBeenCalledWith('/api/auth/logout', init)
  })
})
