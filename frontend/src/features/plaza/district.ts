import type { PlazaPostDistrict } from '@/lib/api/types.ts'
import { displayLanguage } from '@/lib/i18n.ts'

/** A district's name in the interface language. */
export function districtName(district: Pick<PlazaPostDistrict, 'nameZh' | 'nameEn'>): string {
  return displayLanguage() === 'zh' ? district.nameZh : district.nameEn
}
