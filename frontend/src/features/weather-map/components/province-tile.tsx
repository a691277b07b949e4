import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { displayLanguage } from '@/lib/i18n.ts'
import { cn } from '@/lib/utils.ts'
import type { ProvinceWeather } from '../api/get-weather-map.ts'
import { formatTemperature, tileLabel, tileNameParts } from '../label.ts'
import { tileColors } from '../scale.ts'
import { ConditionIcon } from '@/components/condition-icon.tsx'

/**
 * One province's square: its short name, condition icon and temperature on the temperature's
 * colour. A button named like "Sichuan, 18 °C, light rain" that opens the province's details.
 */
export function ProvinceTile({
  province,
  column,
  row,
  onOpen,
}: {
  province: ProvinceWeather
  /** 1-based grid column and row. */
  column: number
  row: number
  onOpen: (code: string) => void
}) {
  const { t } = useTranslation('weather')
  const language = displayLanguage()
  const label = tileLabel(province, language, t)
  const weather = province.weather
  const colors = weather ? tileColors(weather.temperatureC) : undefined
  return (
    <button
      type="button"
      data-province={province.code}
      aria-label={label}
      title={label}
      onClick={() => onOpen(province.code)}
      style={{
        gridColumn: column,
        gridRow: row,
        backgroundColor: colors?.background,
        color: colors?.text,
      }}
      className={cn(
        // Square from a tablet up; on a phone as tall as the name needs (up to three lines).
        'flex min-h-14 min-w-11 flex-col md:aspect-square md:min-h-0 items-center justify-center gap-0.5 overflow-hidden rounded-md p-0.5 text-center shadow-sm transition-transform md:rounded-lg md:p-1',
        'hover:scale-[1.04] focus-visible:scale-[1.04] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        !weather && 'border border-border bg-muted text-muted-foreground',
      )}
    >
      {/* Breaks only between words and syllables (tileNameParts), never inside one. */}
      <span
        lang={language}
        className="line-clamp-3 w-full text-[0.625rem] leading-tight font-medium break-normal sm:text-[0.7rem] md:text-xs"
      >
        {tileNameParts(province, language).map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </span>
      {/* Keeps the visible words apart for the accessible name check ("Sichuan 18 °C"). */}{' '}
      {weather ? (
        <>
          <ConditionIcon
            condition={weather.condition}
            className="size-3.5 shrink-0 sm:size-4 md:size-5"
          />
          <span className="text-[0.625rem] font-semibold whitespace-nowrap tabular-nums sm:text-xs md:text-sm">
            {formatTemperature(weather.temperatureC)}
          </span>
        </>
      ) : (
        <span className="text-xs" aria-hidden="true">
          —
        </span>
      )}
    </button>
  )
}
