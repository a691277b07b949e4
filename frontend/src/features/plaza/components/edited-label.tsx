import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { formatDateTime, formatRelative, parseTime } from '@/lib/format.ts'
import { useNow } from './use-now.ts'

/**
 * "edited 5 minutes ago", the full date and time on hover and for machines. With `onHistory`
 * (its author and administrators) it is a button that opens the earlier versions.
 */
export function EditedLabel({
  at,
  onHistory,
  className,
}: {
  at: string
  onHistory?: () => void
  className?: string
}) {
  const { t } = useTranslation('plaza')
  const now = useNow(60_000)
  const time = parseTime(at)
  const when = time === null ? at : formatRelative(Math.min(time, now), now)
  const full = formatDateTime(at)
  const label = (
    <time dateTime={at} title={t('edited.title', { time: full })}>
      {t('edited.label', { time: when })}
    </time>
  )
  if (!onHistory) return <span className={className}>{label}</span>
  return (
    <Button
      variant="link"
      size="xs"
      onClick={onHistory}
      aria-label={t('edited.history', { time: full })}
      className={`h-auto gap-1 px-0 font-normal text-muted-foreground ${className ?? ''}`}
    >
      <History aria-hidden="true" />
      {label}
    </Button>
  )
}
