import { i18n } from './i18n.ts'

/** Hosts of web-font services; the app uses system fonts only (spec §8). */
export const FONT_HOSTS: readonly string[] = [
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'use.typekit.net',
  'p.typekit.net',
  'fonts.bunny.net',
  'fast.fonts.net',
  'fonts.cdnfonts.com',
  'fonts.loli.net',
  'gstatic.loli.net',
  'fonts.font.im',
  'fonts.geekzu.org',
]

const DANGEROUS_PROTOCOLS: ReadonlySet<string> = new Set(['javascript:', 'data:', 'vbscript:'])

export type NavigationRejection = 'dangerous-protocol' | 'external-without-flag'

export class NavigationRejectedError extends Error {
  readonly reason: NavigationRejection

  constructor(reason: NavigationRejection, target: string) {
    super(
      reason === 'dangerous-protocol'
        ? i18n.t('errors:navigation.dangerousProtocol', { url: target })
        : i18n.t('errors:navigation.externalWithoutFlag', { url: target }),
    )
    this.name = 'NavigationRejectedError'
    this.reason = reason
  }
}

/**
 * Checks a navigation target (spec §2.1): dangerous protocols are always rejected, and a URL on
 * another origin needs the explicit `external` flag. Returns the resolved URL.
 */
export function checkNavigationTarget(
  target: string,
  options: { external?: boolean } = {},
  base: string = window.location.href,
): URL {
  // Browsers ignore leading control characters and whitespace, and tabs or newlines inside the
  // scheme ("java\tscript:"); strip them the same way before looking at the protocol.
  // eslint-disable-next-line no-control-regex
  const cleaned = target.replace(/^[\u0000-\u0020]+/u, '').replace(/[\t\n\r]/gu, '')
  const url = new URL(cleaned, base)
  if (DANGEROUS_PROTOCOLS.has(url.protocol)) {
    throw new NavigationRejectedError('dangerous-protocol', target)
  }
  if (url.origin !== new URL(base).origin && !options.external) {
    throw new NavigationRejectedError('external-without-flag', target)
  }
  return url
}

/** Leaves the application for another site, after the checks of {@link checkNavigationTarget}. */
export function navigateExternal(
  target: string,
  location: Pick<Location, 'assign' | 'href'> = window.location,
): void {
  location.assign(checkNavigationTarget(target, { external: true }, location.href).href)
}

function requestUrl(input: RequestInfo | URL): URL | null {
  try {
    const raw = input instanceof Request ? input.url : input.toString()
    return new URL(raw, window.location.href)
  } catch {
    return null
  }
}

export function isFontHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return FONT_HOSTS.some((font) => host === font || host.endsWith(`.${font}`))
}

/** Wraps fetch so requests to font hosts are rejected instead of sent (spec §8). */
export function guardFetch(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = requestUrl(input)
    if (url && isFontHost(url.hostname)) {
      return Promise.reject(
        new Error(i18n.t('errors:navigation.fontBlocked', { host: url.hostname })),
      )
    }
    return fetchImpl(input, init)
  }
}

export function installFetchGuard(target: { fetch: typeof fetch } = window): void {
  target.fetch = guardFetch(target.fetch.bind(target))
}
