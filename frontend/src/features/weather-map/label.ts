import type { TFunction } from 'i18next'
import { formatNumber } from '@/lib/format.ts'
import type { Language } from '@/lib/i18n.ts'
import type { ProvinceWeather } from './api.ts'

/**
 * A province's short Chinese name, as maps print it: 四川省 → 四川, 内蒙古自治区 → 内蒙古,
 * 广西壮族自治区 → 广西, 香港特别行政区 → 香港, 北京市 → 北京.
 */
export function shortNameZh(name: string): string {
  const short = name.replace(/(?:壮族|回族|维吾尔)?自治区$|特别行政区$|[省市]$/u, '')
  return short || name
}

/** The province's name in `language` (short in Chinese). */
export function provinceName(province: ProvinceWeather, language: Language): string {
  return language === 'zh' ? shortNameZh(province.nameZh) : province.nameEn
}

/** "18 °C" (rounded to the degree; the minus sign as the language writes it). */
export function formatTemperature(celsius: number): string {
  return `${formatNumber(Math.round(celsius) || 0)} °C`
}

/**
 * What a tile says to a screen reader and in its tooltip: "Sichuan, 18 °C, light rain" /
 * "四川，18 °C，小雨"; without readings "Sichuan, no readings".
 */
export function tileLabel(
  province: ProvinceWeather,
  language: Language,
  t: TFunction<'weather'>,
): string {
  const name = provinceName(province, language)
  const weather = province.weather
  if (!weather) return t('labelNoData', { name })
  return t('label', {
    name,
    temperature: formatTemperature(weather.temperatureC),
    // Mid-sentence: "light rain", not "Light rain" (Chinese has no case).
    condition: t(`condition.${weather.condition}`).toLowerCase(),
  })
}
