import { Clock } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select } from '@/components/ui/select.tsx'
import { displayLanguage, intlLocale } from '@/lib/i18n.ts'
import { CopyButton } from '@/components/copy-button.tsx'
import { PageHeader } from '@/components/page-header.tsx'
import {
  browserTimeZone,
  epochSeconds,
  formatWallTime,
  fromWallTime,
  MAX_EPOCH_MS,
  MILLISECONDS_THRESHOLD,
  MIN_EPOCH_MS,
  parseTimestamp,
  parseWallTime,
  timeZones,
  toIsoInZone,
  toWallTime,
  type UnitChoice,
} from './timestamp.ts'

/** Full date and time in the interface language, in the chosen zone. */
function formatLocal(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(displayLanguage()), {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'long',
  }).format(epochMs)
}

/** `/developers/tools/timestamp-converter` */
export function TimestampConverterPage() {
  const { t } = useTranslation('developers')
  const [zone, setZone] = useState(browserTimeZone)
  const zones = useMemo(() => timeZones(browserTimeZone()), [])
  const [timestamp, setTimestamp] = useState('')
  const [unit, setUnit] = useState<UnitChoice>('auto')
  const [dateTime, setDateTime] = useState('')

  const now = () => {
    const ms = Date.now()
    setTimestamp(String(unit === 'milliseconds' ? ms : epochSeconds(ms)))
    setDateTime(formatWallTime(toWallTime(ms, zone)))
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t('tools.timestamp.title')}
        description={t('tools.timestamp.description')}
        actions={
          <Button variant="outline" onClick={now}>
            <Clock aria-hidden="true" />
            {t('tools.timestamp.now')}
          </Button>
        }
      />
      <Field label={t('tools.timestamp.zone')} className="max-w-sm">
        {(control) => (
          <Select {...control} value={zone} onChange={(event) => setZone(event.target.value)}>
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <TimestampToDate
          zone={zone}
          value={timestamp}
          onChange={setTimestamp}
          unit={unit}
          onUnitChange={setUnit}
        />
        <DateToTimestamp zone={zone} value={dateTime} onChange={setDateTime} />
      </div>
    </div>
  )
}

function TimestampToDate({
  zone,
  value,
  onChange,
  unit,
  onUnitChange,
}: {
  zone: string
  value: string
  onChange: (value: string) => void
  unit: UnitChoice
  onUnitChange: (unit: UnitChoice) => void
}) {
  const { t } = useTranslation('developers')
  const titleId = useId()
  const parsed = parseTimestamp(value, unit)
  const error =
    !parsed.ok && parsed.error !== 'empty' ? t(`tools.timestamp.errors.${parsed.error}`) : undefined

  return (
    <Card aria-labelledby={titleId} className="grid content-start gap-4">
      <div>
        <CardTitle id={titleId}>{t('tools.timestamp.toDate.title')}</CardTitle>
        <CardDescription>
          {t('tools.timestamp.toDate.rule', {
            threshold: MILLISECONDS_THRESHOLD.toLocaleString('en-US'),
          })}
        </CardDescription>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <Field label={t('tools.timestamp.toDate.input')} error={error}>
          {(control) => (
            <Input
              {...control}
              value={value}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder="1700000000"
              className="font-mono"
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('tools.timestamp.unit.label')}>
          {(control) => (
            <Select
              {...control}
              value={unit}
              onChange={(event) => onUnitChange(event.target.value as UnitChoice)}
            >
              <option value="auto">{t('tools.timestamp.unit.auto')}</option>
              <option value="seconds">{t('tools.timestamp.unit.seconds')}</option>
              <option value="milliseconds">{t('tools.timestamp.unit.milliseconds')}</option>
            </Select>
          )}
        </Field>
      </div>
      {parsed.ok && (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            {parsed.detected
              ? t(`tools.timestamp.toDate.detected.${parsed.unit}`)
              : t(`tools.timestamp.toDate.explicit.${parsed.unit}`)}
          </p>
          <Outputs
            label={t('tools.timestamp.toDate.results')}
            rows={[
              { key: 'seconds', value: String(epochSeconds(parsed.epochMs)) },
              { key: 'milliseconds', value: String(parsed.epochMs) },
              { key: 'iso', value: toIsoInZone(parsed.epochMs, zone) },
              { key: 'isoUtc', value: toIsoInZone(parsed.epochMs, 'UTC') },
              { key: 'local', value: formatLocal(parsed.epochMs, zone) },
            ]}
          />
        </>
      )}
    </Card>
  )
}

function DateToTimestamp({
  zone,
  value,
  onChange,
}: {
  zone: string
  value: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('developers')
  const titleId = useId()
  const parsed = parseWallTime(value)
  const resolution = parsed.ok ? fromWallTime(parsed.wall, zone) : null
  const inRange =
    resolution !== null && resolution.epochMs >= MIN_EPOCH_MS && resolution.epochMs <= MAX_EPOCH_MS
  const error = !parsed.ok
    ? parsed.error === 'empty'
      ? undefined
      : t(`tools.timestamp.errors.${parsed.error === 'invalid' ? 'invalidDate' : 'outOfRange'}`)
    : inRange
      ? undefined
      : t('tools.timestamp.errors.outOfRange')

  return (
    <Card aria-labelledby={titleId} className="grid content-start gap-4">
      <div>
        <CardTitle id={titleId}>{t('tools.timestamp.toTimestamp.title')}</CardTitle>
        <CardDescription>{t('tools.timestamp.toTimestamp.description', { zone })}</CardDescription>
      </div>
      <Field label={t('tools.timestamp.toTimestamp.input')} error={error}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            step="0.001"
            min="0001-01-01T00:00"
            max="9999-12-31T23:59:59.999"
            value={value}
            className="font-mono"
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
      {resolution && inRange && (
        <>
          {resolution.status === 'skipped' && (
            <Alert tone="warning">
              {t('tools.timestamp.toTimestamp.skipped', {
                zone,
                shown: toIsoInZone(resolution.epochMs, zone),
              })}
            </Alert>
          )}
          {resolution.status === 'ambiguous' && (
            <Alert tone="info">
              {t('tools.timestamp.toTimestamp.ambiguous', {
                zone,
                earlier: toIsoInZone(resolution.epochMs, zone),
                later: toIsoInZone(resolution.later, zone),
                laterSeconds: epochSeconds(resolution.later),
              })}
            </Alert>
          )}
          <Outputs
            label={t('tools.timestamp.toTimestamp.results')}
            rows={[
              { key: 'seconds', value: String(epochSeconds(resolution.epochMs)) },
              { key: 'milliseconds', value: String(resolution.epochMs) },
              { key: 'iso', value: toIsoInZone(resolution.epochMs, zone) },
              { key: 'isoUtc', value: toIsoInZone(resolution.epochMs, 'UTC') },
            ]}
          />
        </>
      )}
    </Card>
  )
}

type OutputKey = 'seconds' | 'milliseconds' | 'iso' | 'isoUtc' | 'local'

/** Results as label / value pairs, each with its own copy button. */
function Outputs({
  label,
  rows,
}: {
  label: string
  rows: Array<{ key: OutputKey; value: string }>
}) {
  const { t } = useTranslation('developers')
  return (
    <dl aria-label={label} className="grid gap-2">
      {rows.map(({ key, value }) => (
        <div key={key} className="grid gap-0.5 rounded-lg border bg-muted/40 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(`tools.timestamp.outputs.${key}`)}</dt>
          <dd className="flex items-center justify-between gap-2">
            <output className="min-w-0 font-mono text-sm break-all">{value}</output>
            <CopyButton
              text={value}
              size="xs"
              variant="ghost"
              label={t('tools.timestamp.copy', { what: t(`tools.timestamp.outputs.${key}`) })}
            />
          </dd>
        </div>
      ))}
    </dl>
  )
}
