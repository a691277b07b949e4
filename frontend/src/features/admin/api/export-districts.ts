import { apiBaseUrl } from '@/lib/api-client.ts'

export type DistrictFileFormat = 'csv' | 'json'

/** Where the browser downloads every district as a file (the session cookie goes along). */
export function districtExportUrl(format: DistrictFileFormat): string {
  return `${apiBaseUrl()}/api/admin/districts/export?format=${format}`
}
