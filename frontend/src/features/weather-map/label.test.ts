import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n, loadNamespace } from '@/lib/i18n.ts'
import { formatTemperature, shortNameZh, syllables, tileLabel, tileNameParts } from './label.ts'
import { sichuan } from './test/fixtures.ts'

beforeAll(async () => {
  await loadNamespace('weather')
  await i18n.loadLanguages('zh')
})

afterEach(async () => {
  if (i18n.resolvedLanguage !== 'en') await i18n.changeLanguage('en')
})

describe('a tile says', () => {
  it('name, temperature and condition in English', () => {
    expect(tileLabel(sichuan(), 'en', i18n.getFixedT('en', 'weather'))).toBe(
      'Sichuan, 18 °C, light rain',
    )
  })

  it('the short Chinese name with Chinese punctuation in Chinese', async () => {
    await i18n.changeLanguage('zh')
    expect(tileLabel(sichuan(), 'zh', i18n.getFixedT('zh', 'weather'))).toBe('四川，18 °C，小雨')
  })

  it('that there are no readings when there are none', async () => {
    const none = sichuan({ weather: null })
    expect(tileLabel(none, 'en', i18n.getFixedT('en', 'weather'))).toBe('Sichuan, no readings')
    await i18n.changeLanguage('zh')
    expect(tileLabel(none, 'zh', i18n.getFixedT('zh', 'weather'))).toBe('四川，暂无数据')
  })
})

describe('names and temperatures', () => {
  it('shorten every kind of provincial-level name as maps print them', () => {
    expect(
      [
        '四川省',
        '北京市',
        '内蒙古自治区',
        '广西壮族自治区',
        '宁夏回族自治区',
        '新疆维吾尔自治区',
        '西藏自治区',
        '香港特别行政区',
        '台湾省',
      ].map(shortNameZh),
    ).toEqual(['四川', '北京', '内蒙古', '广西', '宁夏', '新疆', '西藏', '香港', '台湾'])
    expect(shortNameZh('省')).toBe('省')
  })

  it('round to the degree without a negative zero', () => {
    expect(formatTemperature(17.6)).toBe('18 °C')
    expect(formatTemperature(-3.4)).toBe('-3 °C')
    expect(formatTemperature(-0.3)).toBe('0 °C')
  })
})

describe('a tile name breaks between syllables only', () => {
  const shown = (word: string) => syllables(word).join('-')

  it('splits the long pinyin names by syllable, a final n before a vowel going with the next', () => {
    expect(
      ['Heilongjiang', 'Guangdong', 'Chongqing', 'Liaoning', 'Zhejiang', 'Xinjiang', 'Sichuan'].map(
        shown,
      ),
    ).toEqual([
      'Hei-long-jiang',
      'Guang-dong',
      'Chong-qing',
      'Liao-ning',
      'Zhe-jiang',
      'Xin-jiang',
      'Si-chuan',
    ])
  })

  it('leaves short words and words that are not pinyin whole, save the ones it knows', () => {
    expect(['Hebei', 'Hunan', 'Shaanxi', 'Inner', 'Kong', 'Macao'].map(shown)).toEqual([
      'Hebei',
      'Hunan',
      'Shaanxi',
      'Inner',
      'Kong',
      'Macao',
    ])
    expect(shown('Mongolia')).toBe('Mon-go-lia')
  })

  it('in English only; Chinese breaks between any two characters anyway', () => {
    expect(tileNameParts(sichuan(), 'en')).toEqual(['Si', 'chuan'])
    expect(tileNameParts(sichuan(), 'zh')).toEqual(['四川'])
    const inner = sichuan({ nameEn: 'Inner Mongolia', nameZh: '内蒙古自治区' })
    expect(tileNameParts(inner, 'en')).toEqual(['Inner ', 'Mon', 'go', 'lia'])
    expect(tileNameParts(inner, 'zh')).toEqual(['内蒙古'])
  })
})
