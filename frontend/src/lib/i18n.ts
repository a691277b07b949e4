import i18next, { type BackendModule, type CustomTypeOptions } from 'i18next'
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
export const NAMESPACES = ['common', 'auth', 'home', 'errors', 'account'] as const

/**
 * Namespaces loaded on first use, together with the lazy code that shows them
 * (`loadNamespace`), so the language chunk stays small. Once loaded, i18next also loads them
 * for every later language change. Every message file of a language folder that is not in
 * `NAMESPACES` is one: a new `locales/{zh,en}/<ns>.json` needs no line here, and each file
 * stays its own chunk. `admin`, for one, is fetched for admins only (routes/admin/route.tsx).
 *
 * The files of `NAMESPACES` are left out of the glob (Vite wants its patterns written out):
 * the language chunk (`locales/<lng>/index.ts`) imports them, and a lazy import of one would
 * cut it into several. i18n.test.ts holds the pattern to `NAMESPACES`.
 */
export const lazyNamespaceFiles = import.meta.glob<{ default: unknown }>(
  ['/src/locales/*/*.json', '!/src/locales/*/{common,auth,home,errors,account}.json'],
  { base: '/src/locales/' },
)

/** The namespaces of every message file, typed from the English ones (src/i18next.d.ts). */
type Namespace = keyof CustomTypeOptions['resources']
/** The namespaces `loadNamespace` takes: every one but those of the language chunk. */
type LazyNamespace = Exclude<Namespace, (typeof NAMESPACES)[number]>

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

/** The lazy loader of a namespace's file in a language, if it is a lazy namespace. */
function lazyNamespaceLoader(language: Language, namespace: string) {
  return lazyNamespaceFiles[`./${language}/${namespace}.json`]
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
    const lazy = lazyNamespaceLoader(language as Language, namespace)
    const messages = lazy
      ? lazy().then((module) => module.default)
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
