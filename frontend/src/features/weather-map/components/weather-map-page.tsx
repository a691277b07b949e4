import { RefreshCw } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { formatDateTime } from '@/lib/format.ts'
import { type ProvinceWeather, useWeatherMap, type WeatherMap } from '../api/get-weather-map.ts'
import { ProvinceDetails } from './province-details.tsx'
import { ProvinceTile } from './province-tile.tsx'
import { TemperatureLegend } from './temperature-legend.tsx'

/** Open-Meteo's site, linked from its attribution (its terms ask for both). */
const OPEN_METEO_URL = 'https://open-meteo.com/'

/** `/plaza/weather/map`: the tile map of China coloured by temperature. */
export function WeatherMapPage() {
  const { t } = useTranslation('weather')
  const map = useWeatherMap()
  const [openCode, setOpenCode] = useState<string | null>(null)
  const open = map.data?.provinces.find((p) => p.code === openCode)

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 md:py-12">
      <PageHeader title={t('title')} description={t('description')} />
      {map.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner className="size-5" />
          {t('loading')}
        </p>
      ) : map.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          {t('loadFailed')}
          <Button variant="outline" size="sm" onClick={() => void map.refetch()}>
            <RefreshCw aria-hidden="true" />
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <WeatherMapBody map={map.data} onOpen={setOpenCode} />
      )}
      <ProvinceDetails province={open} onClose={() => setOpenCode(null)} />
    </div>
  )
}

function WeatherMapBody({ map, onOpen }: { map: WeatherMap; onOpen: (code: string) => void }) {
  const { t } = useTranslation('weather')
  return (
    <>
      {!map.available ? (
        <Alert tone="info" data-weather-state="unavailable">
          <p className="font-medium">{t('unavailable.title')}</p>
          <p>{t('unavailable.body')}</p>
        </Alert>
      ) : map.stale && map.asOf ? (
        <Alert tone="warning" data-weather-state="stale">
          {t('stale', { time: formatDateTime(map.asOf) })}
        </Alert>
      ) : null}
      <section aria-label={t('mapLabel')} className="grid gap-4">
        <TileGrid provinces={map.provinces} onOpen={onOpen} />
        <TemperatureLegend />
        <footer className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-muted-foreground">
          {map.asOf && !map.stale && <span>{t('asOf', { time: formatDateTime(map.asOf) })}</span>}
          {map.attribution && (
            <span data-weather-attribution="">
              {t('attribution')}{' '}
              {map.attribution.includes('Open-Meteo') ? (
                <a
                  href={OPEN_METEO_URL}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="underline underline-offset-2 hover:text-foreground"
                >
                  {map.attribution}
                </a>
              ) : (
                map.attribution
              )}
            </span>
          )}
        </footer>
      </section>
    </>
  )
}

/**
 * The tiles on a CSS grid at their columns and rows, in reading order (north to south, west to
 * east) so Tab goes through them as the eye does. On a phone the grid keeps tappable tiles and
 * scrolls sideways when it is wider than the screen.
 */
function TileGrid({
  provinces,
  onOpen,
}: {
  provinces: ProvinceWeather[]
  onOpen: (code: string) => void
}) {
  const layout = useMemo(() => {
    const cols = provinces.map((p) => p.tile.col)
    const rows = provinces.map((p) => p.tile.row)
    const minCol = Math.min(...cols)
    const minRow = Math.min(...rows)
    const ordered = [...provinces].sort(
      (a, b) => a.tile.row - b.tile.row || a.tile.col - b.tile.col,
    )
    return {
      minCol,
      minRow,
      columns: Math.max(...cols) - minCol + 1,
      rows: Math.max(...rows) - minRow + 1,
      ordered,
    }
  }, [provinces])
  if (provinces.length === 0) return null
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-2">
      <div
        className="mx-auto grid w-max gap-1 md:gap-2"
        data-weather-map=""
        style={{
          // As wide as a phone allows (its padding and the gaps taken off), never below a 44 px
          // touch target nor above 5.5 rem; narrower screens than that scroll.
          gridTemplateColumns: `repeat(${layout.columns}, clamp(2.75rem, calc((100vw - 2rem - ${layout.columns - 1} * 0.25rem) / ${layout.columns}), 5.5rem))`,
          gridTemplateRows: `repeat(${layout.rows}, auto)`,
        }}
      >
        {layout.ordered.map((province) => (
          <ProvinceTile
            key={province.code}
            province={province}
            column={province.tile.col - layout.minCol + 1}
            row={province.tile.row - layout.minRow + 1}
            onOpen={onOpen}
          />
        ))}
      </div>
    </div>
  )
}
