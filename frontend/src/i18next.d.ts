import 'i18next'
import type admin from './locales/en/admin.json'
import type ai from './locales/en/ai.json'
import type apidocs from './locales/en/apidocs.json'
import type blocks from './locales/en/blocks.json'
import type audit from './locales/en/audit.json'
import type developers from './locales/en/developers.json'
import type districts from './locales/en/districts.json'
import type gallery from './locales/en/gallery.json'
import type groupContent from './locales/en/group-content.json'
import type groups from './locales/en/groups.json'
import type logo from './locales/en/logo.json'
import type notifications from './locales/en/notifications.json'
import type plaza from './locales/en/plaza.json'
import type profiles from './locales/en/profiles.json'
import type resources from './locales/en/index.ts'
import type reports from './locales/en/reports.json'
import type search from './locales/en/search.json'
import type weather from './locales/en/weather.json'
import type words from './locales/en/words.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    // The language chunk's namespaces, and those loaded on first use (lib/i18n.ts).
    resources: typeof resources & {
      admin: typeof admin
      ai: typeof ai
      apidocs: typeof apidocs
      blocks: typeof blocks
      audit: typeof audit
      developers: typeof developers
      districts: typeof districts
      gallery: typeof gallery
      groups: typeof groups
      'group-content': typeof groupContent
      logo: typeof logo
      notifications: typeof notifications
      plaza: typeof plaza
      profiles: typeof profiles
      reports: typeof reports
      search: typeof search
      weather: typeof weather
      words: typeof words
    }
    returnNull: false
  }
}
