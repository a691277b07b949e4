import type { ResponseBody } from '@/lib/api/types.ts'
import { formatNumber } from '@/lib/format.ts'

/** A weather condition as `GET /api/plaza/weather` names it (the weather map and the home page). */
export type WeatherCondition = NonNullable<
  ResponseBody<'/api/plaza/weather', 'get'>['provinces'][number]['weather']
>['condition']

/**
 * A province's short Chinese name, as maps print it: 四川省 → 四川, 内蒙古自治区 → 内蒙古,
 * 广西壮族自治区 → 广西, 香港特别行政区 → 香港, 北京市 → 北京.
 */
export function shortNameZh(name: string): string {
  const short = name.replace(/(?:壮族|回族|维吾尔)?自治区$|特别行政区$|[省市]$/u, '')
  return short || name
}

/** "18 °C" (rounded to the degree; the minus sign as the language writes it). */
export function formatTemperature(celsius: number): string {
  return `${formatNumber(Math.round(celsius) || 0)} °C`
}
