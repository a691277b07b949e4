import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { formatDateTime, formatRelative, parseTime } from '@/lib/format.ts'
import { cn } from '@/lib/utils.ts'
import { useNow } from './use-now.ts'

/**
 * "edited 5 minutes ago", the full date and time on hover and for machines. With `onHistory`
 * (its author and administrators) it is a button that opens the earlier versions (its name
 * starts with what it shows).
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
      variant="ghost"
      size="xs"
      onClick={onHistory}
      className={cn(
        'gap-1 px-1 font-normal text-muted-foreground underline-offset-4 hover:underline max-md:-my-2',
        className,
      )}
    >
      <History aria-hidden="true" />
      {label}
      <span className="sr-only">{t('edited.history')}</span>
    </Button>
  )
}
