import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ConditionIcon } from '@/components/condition-icon.tsx'
import { displayLanguage } from '@/lib/i18n.ts'
import { formatTemperature, shortNameZh } from '@/lib/weather.ts'
import { DEFAULT_PROVINCE, useProvinceWeather } from '../api/get-weather.ts'
import { cardLinkClass, skeletonClass } from './card-link.ts'
import { HomeSection } from './section.tsx'

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
        <ConditionIcon
          condition={weather?.condition ?? 'unknown'}
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
