import { apiBaseUrl } from '@/lib/api-client.ts'

export type WordFileFormat = 'csv' | 'txt'

/** Where the browser downloads the whole word list as a file (the session cookie goes along). */
export function wordExportUrl(format: WordFileFormat): string {
  return `${apiBaseUrl()}/api/admin/words/export?format=${format}`
}
