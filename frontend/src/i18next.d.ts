import 'i18next'
import type resources from './locales/en/index.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: typeof resources
    returnNull: false
  }
}
