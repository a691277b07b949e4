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

/** A soft hyphen: an invisible place where a line may break, shown as "-" when it does. */
const SOFT_HYPHEN = '\u00AD'

/** One pinyin syllable; a final n or ng before a vowel belongs to the next syllable (He-nan). */
const PINYIN_SYLLABLE =
  /(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|er|a|e|i|o|u|v)(?![aeiouv])/gy

/** Places to break the English names that are not pinyin. */
const ENGLISH_BREAKS: Record<string, string> = { Mongolia: `Mon${SOFT_HYPHEN}go${SOFT_HYPHEN}lia` }

/**
 * A word of a province's English name with soft hyphens between its syllables, so that a narrow
 * tile breaks "Heilongjiang" as "Heilong-/jiang" and never inside a syllable ("Heilongj/iang").
 * Pinyin words are split by syllable; a short word, or one that is not pinyin and not in
 * ENGLISH_BREAKS, is left whole.
 */
export function syllableBreaks(word: string): string {
  if (ENGLISH_BREAKS[word]) return ENGLISH_BREAKS[word]
  if (word.length <= 6) return word
  const lower = word.toLowerCase()
  const syllables: string[] = []
  PINYIN_SYLLABLE.lastIndex = 0
  let at = 0
  while (at < lower.length) {
    const match = PINYIN_SYLLABLE.exec(lower)
    if (!match) return word
    syllables.push(word.slice(at, at + match[0].length))
    at += match[0].length
  }
  return syllables.join(SOFT_HYPHEN)
}

/** The name a tile shows: short in Chinese; in English with syllable breaks (syllableBreaks). */
export function tileName(province: ProvinceWeather, language: Language): string {
  const name = provinceName(province, language)
  return language === 'zh' ? name : name.split(' ').map(syllableBreaks).join(' ')
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
