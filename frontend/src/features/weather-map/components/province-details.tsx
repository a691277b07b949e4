import { Link } from '@tanstack/react-router'
import { Droplets, Image as ImageIcon, Umbrella, Wind } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Modal } from '@/components/ui/modal.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { formatDateTime, formatNumber, formatRelative, parseTime } from '@/lib/format.ts'
import { displayLanguage, intlLocale } from '@/lib/i18n.ts'
import { type DailyForecast, type ProvinceWeather } from '../api/get-weather-map.ts'
import { type PlazaPost, useLatestPosts } from '../api/list-latest-posts.ts'
import { formatTemperature, provinceName } from '../label.ts'
import { tileColors } from '../scale.ts'
import { ConditionIcon } from '@/components/condition-icon.tsx'
import { personName } from '@/lib/person.ts'

/**
 * A province's details, opened from its tile: current conditions, the 3-day forecast and the
 * latest plaza posts tagged with it. A dialog on desktop, a bottom sheet on phones (the kit's
 * modal), closed by Escape, the close button, the backdrop or Back.
 */
export function ProvinceDetails({
  province,
  onClose,
}: {
  province: ProvinceWeather | undefined
  onClose: () => void
}) {
  const { t } = useTranslation('weather')
  const language = displayLanguage()
  if (!province) return null
  const fullName = language === 'zh' ? province.nameZh : province.nameEn
  const weather = province.weather
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={fullName}
      description={
        weather
          ? `${formatTemperature(weather.temperatureC)} · ${t(`condition.${weather.condition}`)}`
          : t('noData')
      }
    >
      <div className="grid gap-6">
        {weather && (
          <section aria-labelledby="weather-now" className="grid gap-3">
            <h3 id="weather-now" className="text-sm font-semibold text-muted-foreground">
              {t('details.now')}
            </h3>
            <div className="flex flex-wrap items-center gap-4">
              <div
                className="flex items-center gap-3 rounded-xl px-4 py-3"
                style={{
                  backgroundColor: tileColors(weather.temperatureC).background,
                  color: tileColors(weather.temperatureC).text,
                }}
              >
                <ConditionIcon condition={weather.condition} className="size-8" />
                <span className="text-3xl font-semibold tabular-nums">
                  {formatTemperature(weather.temperatureC)}
                </span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {weather.windKmh !== null && (
                  <>
                    <dt className="flex items-center gap-1.5 text-muted-foreground">
                      <Wind aria-hidden="true" className="size-4" />
                      {t('details.wind')}
                    </dt>
                    <dd className="tabular-nums">
                      {t('details.windValue', { value: formatNumber(Math.round(weather.windKmh)) })}
                    </dd>
                  </>
                )}
                {weather.humidity !== null && (
                  <>
                    <dt className="flex items-center gap-1.5 text-muted-foreground">
                      <Droplets aria-hidden="true" className="size-4" />
                      {t('details.humidity')}
                    </dt>
                    <dd className="tabular-nums">
                      {t('details.percent', { value: formatNumber(weather.humidity) })}
                    </dd>
                  </>
                )}
              </dl>
            </div>
            <p className="text-xs text-muted-foreground">
              {t('details.observedAt', { time: formatDateTime(weather.observedAt) })}
            </p>
          </section>
        )}
        <Forecast days={weather?.daily ?? []} />
        <LatestPosts code={province.code} name={provinceName(province, language)} />
      </div>
    </Modal>
  )
}

/** "Today" for the first day, else "Thu, Nov 26" / "11月26日周四". */
function dayName(date: string, first: boolean, today: string): string {
  if (first) return today
  const [y, m, d] = date.split('-').map(Number)
  if (!y || !m || !d) return date
  return new Intl.DateTimeFormat(intlLocale(displayLanguage()), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d))
}

function Forecast({ days }: { days: DailyForecast[] }) {
  const { t } = useTranslation('weather')
  return (
    <section aria-labelledby="weather-forecast" className="grid gap-3">
      <h3 id="weather-forecast" className="text-sm font-semibold text-muted-foreground">
        {t('details.forecast')}
      </h3>
      {days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('details.noForecast')}</p>
      ) : (
        <ol className="grid gap-2 sm:grid-cols-3">
          {days.slice(0, 3).map((day, i) => (
            <li
              key={day.date}
              data-forecast-day={day.date}
              className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 rounded-xl border border-border p-3 sm:grid-cols-1 sm:justify-items-start"
            >
              <ConditionIcon
                condition={day.condition}
                className="row-span-2 size-7 text-muted-foreground sm:row-span-1"
              />
              <span className="font-medium">{dayName(day.date, i === 0, t('details.today'))}</span>
              <span className="col-start-2 text-sm sm:col-start-1">
                {t(`condition.${day.condition}`)} ·{' '}
                <span className="whitespace-nowrap tabular-nums">
                  {t('details.range', {
                    min: formatTemperature(day.minC),
                    max: formatTemperature(day.maxC),
                  })}
                </span>
              </span>
              {day.precipitationChance !== null && (
                <span className="col-start-2 flex items-center gap-1 text-xs text-muted-foreground sm:col-start-1">
                  <Umbrella aria-hidden="true" className="size-3.5" />
                  {t('details.precipitation', { value: formatNumber(day.precipitationChance) })}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function LatestPosts({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation('weather')
  const posts = useLatestPosts(code)
  return (
    <section aria-labelledby="weather-posts" className="grid gap-3">
      <h3 id="weather-posts" className="text-sm font-semibold text-muted-foreground">
        {t('details.posts', { name })}
      </h3>
      {posts.isPending ? (
        <Spinner className="size-5" />
      ) : posts.isError ? (
        <p className="text-sm text-error">{t('details.postsFailed')}</p>
      ) : posts.data.posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('details.noPosts', { name })}</p>
      ) : (
        <ul className="grid gap-2">
          {posts.data.posts.map((post) => (
            <PostItem key={post.id} post={post} now={posts.dataUpdatedAt} />
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * `now`: when the posts were fetched, what "5 minutes ago" counts from. The whole item is a link
 * to the post's own page.
 */
function PostItem({ post, now }: { post: PlazaPost; now: number }) {
  const { t } = useTranslation('weather')
  const created = parseTime(post.createdAt)
  const author = personName(post.author)
  return (
    <li data-post={post.id}>
      <Link
        to="/plaza/post/$postId"
        params={{ postId: post.id }}
        className="grid gap-1 rounded-xl border border-border p-3 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{author}</span>
          {created !== null && (
            <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
              {formatRelative(Math.min(created, now), now)}
            </time>
          )}
        </span>
        {post.body && <p className="line-clamp-3 wrap-anywhere whitespace-pre-line">{post.body}</p>}
        {post.images.length > 0 && (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-3.5" />
            {t('details.photos', { count: post.images.length })}
          </span>
        )}
      </Link>
    </li>
  )
}
