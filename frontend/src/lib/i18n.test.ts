import { describe, expect, it } from 'vitest'
import enMessages from '@/locales/en/index.ts'
import zhMessages from '@/locales/zh/index.ts'
import {
  applyDocumentLanguage,
  FALLBACK_LOCALE,
  i18n,
  intlLocale,
  languageCookie,
  lazyNamespaceFiles,
  manifestHref,
  NAMESPACES,
  readLanguagePreference,
  resolveLanguage,
  textDirection,
} from './i18n.ts'

describe('language resolution (spec §4.2)', () => {
  it('uses an explicit preference as is', () => {
    expect(resolveLanguage('zh', 'en-US')).toBe('zh')
    expect(resolveLanguage('en', 'zh-CN')).toBe('en')
  })

  it.each([
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-Hant-TW', 'zh'],
    ['ZH-hk', 'zh'],
    ['en-GB', 'en'],
    ['ja', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('system with browser language %s gives %s', (browser, expected) => {
    expect(resolveLanguage('system', browser)).toBe(expected)
  })

  it('falls back to en-US for formatting', () => {
    expect(FALLBACK_LOCALE).toBe('en-US')
    expect(intlLocale('en')).toBe('en-US')
    expect(intlLocale('zh')).toBe('zh-CN')
    expect(i18n.options.fallbackLng).toEqual(['en'])
  })
})

describe('language cookie (spec §9)', () => {
  it('stores the preference for 365 days on path / with SameSite=Lax', () => {
    expect(languageCookie('zh', false)).toBe(
      'preference_language=zh; Max-Age=31536000; Path=/; SameSite=Lax',
    )
  })

  it('adds Secure on https', () => {
    expect(languageCookie('system', true)).toBe(
      'preference_language=system; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    )
  })

  it('reads the preference among other cookies and ignores junk', () => {
    expect(readLanguagePreference('a=1; preference_language=en; b=2')).toBe('en')
    expect(readLanguagePreference('preference_language=system')).toBe('system')
    expect(readLanguagePreference('preference_language=fr')).toBe('system')
    expect(readLanguagePreference('xpreference_language=zh')).toBe('system')
    expect(readLanguagePreference('')).toBe('system')
  })

  it('round-trips through document.cookie', () => {
    document.cookie = languageCookie('zh', false)
    expect(readLanguagePreference(document.cookie)).toBe('zh')
    document.cookie = 'preference_language=; Max-Age=0; Path=/'
  })
})

describe('document language', () => {
  it('writes right-to-left only for RTL languages', () => {
    expect(textDirection('ar')).toBe('rtl')
    expect(textDirection('ar-EG')).toBe('rtl')
    expect(textDirection('he')).toBe('rtl')
    expect(textDirection('zh')).toBe('ltr')
    expect(textDirection('en-US')).toBe('ltr')
  })

  it('picks the manifest of the language, else the default one', () => {
    expect(manifestHref('zh')).toBe('/manifest/zh.webmanifest')
    expect(manifestHref('pt-BR')).toBe('/manifest/pt.webmanifest')
    expect(manifestHref('ar')).toBe('/manifest/ar.webmanifest')
    expect(manifestHref('sv')).toBe('/manifest/default.webmanifest')
  })

  it('sets lang, dir, title, description, share tags and the manifest link', () => {
    const doc = document.implementation.createHTMLDocument('x')
    doc.head.innerHTML =
      '<meta name="description" content="x"><meta property="og:locale" content="en_US">'
    applyDocumentLanguage('zh', { title: '庭院', description: '社区' }, doc)
    expect(doc.documentElement.lang).toBe('zh-CN')
    expect(doc.documentElement.dir).toBe('ltr')
    expect(doc.title).toBe('庭院')
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest/zh.webmanifest',
    )
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('社区')
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('zh_CN')
    applyDocumentLanguage('en', { title: 'Courtyard', description: 'A community' }, doc)
    expect(doc.documentElement.lang).toBe('en')
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('en_US')
    expect(doc.querySelectorAll('link[rel="manifest"]')).toHaveLength(1)
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest/en.webmanifest',
    )
  })

  it('keeps the real document in step with language changes', async () => {
    await i18n.changeLanguage('zh')
    expect(document.title).toBe('庭院')
    expect(document.documentElement.lang).toBe('zh-CN')
    await i18n.changeLanguage('en')
    expect(document.title).toBe('Courtyard')
    expect(i18n.t('siteDescription')).toMatch(/^Courtyard is a bilingual/)
  })
})

describe('namespaces', () => {
  // Every message file of a language folder, found the way lib/i18n.ts finds the lazy ones.
  const files = Object.keys(import.meta.glob('/src/locales/*/*.json', { base: '/src/locales/' }))
  const byLanguage = (paths: string[], language: string) =>
    paths
      .filter((path) => path.startsWith(`./${language}/`))
      .map((path) => path.slice(`./${language}/`.length, -'.json'.length))
      .sort()

  it.each([
    ['zh', zhMessages],
    ['en', enMessages],
  ] as const)(
    '%s: the language chunk holds NAMESPACES, every other file is lazy',
    (lang, chunk) => {
      expect(Object.keys(chunk).sort()).toEqual([...NAMESPACES].sort())
      const lazy = byLanguage(Object.keys(lazyNamespaceFiles), lang)
      expect(lazy).toEqual(expect.arrayContaining(['admin', 'ai', 'groups', 'plaza', 'profiles']))
      expect(lazy).toEqual(
        byLanguage(files, lang).filter((ns) => !NAMESPACES.includes(ns as never)),
      )
    },
  )

  it('loads a lazy namespace from its own file, in the language asked for', async () => {
    const loader = lazyNamespaceFiles['./zh/admin.json']
    expect(loader).toBeTypeOf('function')
    const { default: messages } = await loader!()
    const { default: file } = await import('@/locales/zh/admin.json')
    expect(messages).toEqual(file)
  })
})
