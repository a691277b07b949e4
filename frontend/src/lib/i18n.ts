import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'

/** Interface languages (spec §9). */
const LANGUAGES = ['zh', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export type LanguagePreference = Language | 'system'

const LANGUAGE_COOKIE = 'preference_language'
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/** Locale used for formatting and as the translation fallback (spec §4.2: en-US). */
export const FALLBACK_LOCALE = 'en-US'
const INTL_LOCALES: Record<Language, string> = { zh: 'zh-CN', en: FALLBACK_LOCALE }

/** Namespaces in every language's chunk, loaded before the first render. */
const NAMESPACES = ['common', 'auth', 'home', 'errors', 'account'] as const

/**
 * Namespaces loaded on first use, together with the lazy code that shows them
 * (`loadNamespace`), so the language chunk stays small. Once loaded, i18next also loads them
 * for every later language change.
 */
const lazyNamespaceLoaders = {
  ai: {
    zh: () => import('@/locales/zh/ai.json'),
    en: () => import('@/locales/en/ai.json'),
  },
  developers: {
    zh: () => import('@/locales/zh/developers.json'),
    en: () => import('@/locales/en/developers.json'),
  },
  apidocs: {
    zh: () => import('@/locales/zh/apidocs.json'),
    en: () => import('@/locales/en/apidocs.json'),
  },
  groups: {
    zh: () => import('@/locales/zh/groups.json'),
    en: () => import('@/locales/en/groups.json'),
  },
  'group-content': {
    zh: () => import('@/locales/zh/group-content.json'),
    en: () => import('@/locales/en/group-content.json'),
  },
  plaza: {
    zh: () => import('@/locales/zh/plaza.json'),
    en: () => import('@/locales/en/plaza.json'),
  },
  weather: {
    zh: () => import('@/locales/zh/weather.json'),
    en: () => import('@/locales/en/weather.json'),
  },
  districts: {
    zh: () => import('@/locales/zh/districts.json'),
    en: () => import('@/locales/en/districts.json'),
  },
  gallery: {
    zh: () => import('@/locales/zh/gallery.json'),
    en: () => import('@/locales/en/gallery.json'),
  },
  // The admin console's messages: fetched for admins only (routes/admin/route.tsx).
  admin: {
    zh: () => import('@/locales/zh/admin.json'),
    en: () => import('@/locales/en/admin.json'),
  },
  audit: {
    zh: () => import('@/locales/zh/audit.json'),
    en: () => import('@/locales/en/audit.json'),
  },
  logo: {
    zh: () => import('@/locales/zh/logo.json'),
    en: () => import('@/locales/en/logo.json'),
  },
  profiles: {
    zh: () => import('@/locales/zh/profiles.json'),
    en: () => import('@/locales/en/profiles.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: unknown }>>>

type LazyNamespace = keyof typeof lazyNamespaceLoaders

/** Languages that have a translated web manifest in `public/manifest/` (spec §2.2). */
const MANIFEST_LANGUAGES = [
  'en',
  'zh',
  'es',
  'hi',
  'ar',
  'bn',
  'pt',
  'ru',
  'ja',
  'ko',
  'fr',
  'id',
  'it',
  'de',
] as const

const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ps', 'sd', 'ur', 'yi'])

function baseLanguage(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? ''
}

export function isLanguagePreference(value: unknown): value is LanguagePreference {
  return value === 'system' || LANGUAGES.includes(value as Language)
}

/** 'system' follows the browser: zh when its language starts with zh, otherwise en (spec §4.2). */
export function resolveLanguage(
  preference: LanguagePreference,
  browserLanguage: string | undefined,
): Language {
  if (preference !== 'system') return preference
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en'
}

export function readLanguagePreference(cookies: string): LanguagePreference {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== LANGUAGE_COOKIE) continue
    const value = decodeURIComponent(rest.join('='))
    if (isLanguagePreference(value)) return value
  }
  return 'system'
}

/** The `document.cookie` assignment that stores the preference for 365 days (spec §9). */
export function languageCookie(preference: LanguagePreference, secure: boolean): string {
  return [
    `${LANGUAGE_COOKIE}=${preference}`,
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

export function textDirection(language: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(baseLanguage(language)) ? 'rtl' : 'ltr'
}

export function intlLocale(language: Language): string {
  return INTL_LOCALES[language]
}

/** Per-language manifest; languages without one use the default manifest. */
export function manifestHref(language: string): string {
  const base = baseLanguage(language)
  const known = (MANIFEST_LANGUAGES as readonly string[]).includes(base)
  return `${import.meta.env.BASE_URL}manifest/${known ? base : 'default'}.webmanifest`
}

/** What the page says about the site: its name (the title) and what it is. */
interface SiteTexts {
  title: string
  description: string
}

/**
 * Sets `lang`, `dir`, the title (the brand label, spec §2.2), the description and share tags the
 * server's HTML came with (app-server/src/spa/page.rs writes the same texts; a test there holds
 * them to `common.json`), and the manifest link.
 */
export function applyDocumentLanguage(
  language: Language,
  site: SiteTexts,
  doc: Document = document,
): void {
  doc.title = site.title
  const root = doc.documentElement
  root.lang = language === 'zh' ? 'zh-CN' : 'en'
  root.dir = textDirection(language)
  const meta: [string, string][] = [
    ['name="description"', site.description],
    ['property="og:site_name"', site.title],
    ['property="og:title"', site.title],
    ['property="og:description"', site.description],
    ['property="og:locale"', language === 'zh' ? 'zh_CN' : 'en_US'],
    ['property="og:locale:alternate"', language === 'zh' ? 'en_US' : 'zh_CN'],
    ['name="twitter:title"', site.title],
    ['name="twitter:description"', site.description],
  ]
  for (const [selector, content] of meta) {
    doc.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.setAttribute('content', content)
  }
  let link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  if (!link) {
    link = doc.createElement('link')
    link.rel = 'manifest'
    doc.head.append(link)
  }
  link.href = manifestHref(language)
}

const localeLoaders: Record<Language, () => Promise<Record<string, unknown>>> = {
  zh: () => import('@/locales/zh/index.ts').then((module) => module.default),
  en: () => import('@/locales/en/index.ts').then((module) => module.default),
}

function isLazyNamespace(namespace: string): namespace is LazyNamespace {
  return Object.hasOwn(lazyNamespaceLoaders, namespace)
}

/** Loads a language's message files as one lazy chunk, and each lazy namespace as its own. */
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!localeLoaders[language as Language]) {
      callback(new Error(`No messages for ${language}`), false)
      return
    }
    const messages = isLazyNamespace(namespace)
      ? lazyNamespaceLoaders[namespace][language as Language]().then((module) => module.default)
      : localeLoaders[language as Language]().then((resources) => resources[namespace])
    messages.then(
      (resources) => callback(null, resources as Record<string, unknown>),
      (error: unknown) => {
        console.error('Failed locale loading', language, namespace, error)
        callback(error instanceof Error ? error : new Error(String(error)), false)
      },
    )
  },
}

export const i18n = i18next.createInstance()
/** The language being initialised, so requests made meanwhile already speak it. */
let startingLanguage: Language = 'en'

/** Initialises i18next with the given language and loads its messages before resolving. */
export async function initI18n(language: Language): Promise<void> {
  startingLanguage = language
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language)
    return
  }
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      // A copy: loadNamespace() appends lazy namespaces to this list.
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
  const apply = () =>
    applyDocumentLanguage(displayLanguage(), {
      title: i18n.t('brand'),
      description: i18n.t('siteDescription'),
    })
  i18n.on('languageChanged', apply)
  apply()
}

/** Loads a lazy namespace in the current (and fallback) language; resolves once it is there. */
export function loadNamespace(namespace: LazyNamespace): Promise<void> {
  return i18n.loadNamespaces(namespace)
}

/** The language the interface is currently shown in. */
export function displayLanguage(): Language {
  const current = i18n.resolvedLanguage ?? startingLanguage
  return current === 'zh' ? 'zh' : 'en'
}
