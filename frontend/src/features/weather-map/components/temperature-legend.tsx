import { useTranslation } from 'react-i18next'
import { formatNumber } from '@/lib/format.ts'
import { legendGradient, TEMPERATURE_STOPS } from '../scale.ts'

/** The colour scale under the map: a gradient with its stops labelled, and "no readings". */
export function TemperatureLegend() {
  const { t } = useTranslation('weather')
  return (
    <figure className="grid gap-2" aria-labelledby="weather-legend-title">
      <figcaption id="weather-legend-title" className="text-sm font-medium">
        {t('legend.title')}
      </figcaption>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="w-full max-w-md min-w-56 flex-1">
          <div
            className="h-3 rounded-full border border-border"
            style={{ backgroundImage: legendGradient() }}
            aria-hidden="true"
          />
          <ol className="mt-1 flex justify-between text-xs text-muted-foreground tabular-nums">
            {TEMPERATURE_STOPS.map((stop) => (
              <li key={stop.at}>{formatNumber(stop.at)}</li>
            ))}
          </ol>
        </div>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <span
            className="inline-block size-3 rounded-sm border border-border bg-muted"
            aria-hidden="true"
          />
          {t('legend.noData')}
        </div>
      </div>
    </figure>
  )
}
