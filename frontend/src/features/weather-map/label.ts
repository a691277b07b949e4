import type { TFunction } from 'i18next'
import type { Language } from '@/lib/i18n.ts'
import { formatTemperature, shortNameZh } from '@/lib/weather.ts'
import type { ProvinceWeather } from './api/get-weather-map.ts'

// Shared with the home page's weather card.
export { formatTemperature, shortNameZh }

/** The province's name in `language` (short in Chinese). */
export function provinceName(province: ProvinceWeather, language: Language): string {
  return language === 'zh' ? shortNameZh(province.nameZh) : province.nameEn
}

/** One pinyin syllable; a final n or ng before a vowel belongs to the next syllable (He-nan). */
const PINYIN_SYLLABLE =
  /(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|er|a|e|i|o|u|v)(?![aeiouv])/gy

/** The syllables of the English names that are not pinyin. */
const ENGLISH_SYLLABLES: Record<string, string[]> = { Mongolia: ['Mon', 'go', 'lia'] }

/**
 * A word of a province's English name cut into its syllables, where a narrow tile may break it:
 * "Heilongjiang" as "Hei/long/jiang", never inside a syllable ("Heilongj/iang"). Pinyin words
 * are cut by syllable; a short word, or one that is neither pinyin nor in ENGLISH_SYLLABLES,
 * stays whole.
 */
export function syllables(word: string): string[] {
  const known = ENGLISH_SYLLABLES[word]
  if (known) return known
  if (word.length <= 6) return [word]
  const lower = word.toLowerCase()
  const parts: string[] = []
  PINYIN_SYLLABLE.lastIndex = 0
  let at = 0
  while (at < lower.length) {
    const match = PINYIN_SYLLABLE.exec(lower)
    if (!match) return [word]
    parts.push(word.slice(at, at + match[0].length))
    at += match[0].length
  }
  return parts
}

/**
 * The name a tile shows, in the pieces between which a line may break (the tile puts a `<wbr>`
 * there): the short name in Chinese, which breaks between any two characters anyway; in English
 * the words' syllables, a space kept at the end of each word but the last. Joined, it is the
 * name, so the tile's visible text is part of its accessible name.
 */
export function tileNameParts(province: ProvinceWeather, language: Language): string[] {
  const name = provinceName(province, language)
  if (language === 'zh') return [name]
  const words = name.split(' ')
  return words.flatMap((word, index) => {
    const parts = syllables(word)
    return index < words.length - 1 ? [...parts.slice(0, -1), `${parts.at(-1)} `] : parts
  })
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
