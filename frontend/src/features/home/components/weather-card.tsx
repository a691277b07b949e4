import { Link } from '@tanstack/react-router'
import {
  ChevronRight,
  Cloud,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  Sun,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '@/lib/format.ts'
import { displayLanguage } from '@/lib/i18n.ts'
import { DEFAULT_PROVINCE, useProvinceWeather, type Condition } from '../api/weather.ts'
import { cardLinkClass, skeletonClass } from './card-link.ts'
import { HomeSection } from './section.tsx'

// Six pictures for ten conditions: the words beside them say which one it is.
const ICONS: Record<Condition, LucideIcon> = {
  clear: Sun,
  partly_cloudy: CloudSun,
  overcast: Cloud,
  fog: Cloud,
  drizzle: CloudRain,
  rain: CloudRain,
  showers: CloudRain,
  snow: CloudSnow,
  thunderstorm: CloudLightning,
  unknown: Cloud,
}

/** "18 °C": rounded to the degree, the number as the language writes it. */
export function formatTemperature(celsius: number): string {
  return `${formatNumber(Math.round(celsius) || 0)} °C`
}

/** A province's name as a map prints it in Chinese (北京市 → 北京, 内蒙古自治区 → 内蒙古). */
function shortNameZh(name: string): string {
  return name.replace(/(?:壮族|回族|维吾尔)?自治区$|特别行政区$|[省市]$/u, '') || name
}

/**
 * One province's weather now (Beijing while the app knows no district of the visitor's), a link
 * to the weather map. Never waited for: the server may still be asking its provider. The card has
 * one height loading, loaded, failed or without readings, so nothing below it moves.
 */
export function WeatherCard({
  code = DEFAULT_PROVINCE,
  className,
}: {
  code?: string
  className?: string
}) {
  const { t } = useTranslation('home')
  const { query, province } = useProvinceWeather(code)
  const weather = province?.weather ?? null
  const name = province
    ? displayLanguage() === 'zh'
      ? shortNameZh(province.nameZh)
      : province.nameEn
    : null
  const Icon = weather ? ICONS[weather.condition] : Cloud

  let body
  if (query.isPending) {
    body = (
      <>
        <span className={`size-12 shrink-0 rounded-full ${skeletonClass}`} />
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex h-5 items-center">
            <span className={`h-3.5 w-24 ${skeletonClass}`} />
          </span>
          <span className="flex h-9 items-center">
            <span className={`h-7 w-20 ${skeletonClass}`} />
          </span>
          <span className="flex h-5 items-center">
            <span className={`h-3.5 w-16 ${skeletonClass}`} />
          </span>
        </span>
      </>
    )
  } else {
    body = (
      <>
        <Icon
          aria-hidden="true"
          className={
            weather ? 'size-12 shrink-0 text-warning' : 'size-12 shrink-0 text-muted-foreground'
          }
        />
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="truncate text-sm leading-5 text-muted-foreground">
            {name ? t('weather.now', { name }) : t('weather.title')}
          </span>
          {weather ? (
            <>
              <span className="text-3xl leading-9 font-semibold tabular-nums">
                {formatTemperature(weather.temperatureC)}
              </span>
              <span className="truncate text-sm leading-5">
                {t(`weather.condition.${weather.condition}`)}
              </span>
            </>
          ) : (
            <span className="line-clamp-2 h-15 text-sm leading-5 text-muted-foreground">
              {query.isError ? t('weather.failed') : t('weather.noReadings')}
            </span>
          )}
        </span>
      </>
    )
  }

  return (
    <HomeSection
      id="home-weather"
      title={t('weather.title')}
      busy={query.isPending}
      className={className}
    >
      <Link to="/plaza/weather/map" className={`${cardLinkClass} grid gap-3 p-4`}>
        <span className="flex min-h-20 items-center gap-4">{body}</span>
        <span className="flex min-h-6 items-center justify-between gap-2 border-t pt-3 text-sm font-medium text-primary">
          <span className="min-w-0 break-words">{t('weather.map')}</span>
          <ChevronRight aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
        </span>
      </Link>
    </HomeSection>
  )
}
