import { formatDateTime, formatRelative, parseTime } from '@/lib/format.ts'
import { useNow } from './use-now.ts'

/** "5 minutes ago", with the full date and time on hover and for machines. */
export function PostTime({ at, className }: { at: string; className?: string }) {
  const now = useNow(60_000)
  const time = parseTime(at)
  return (
    <time dateTime={at} title={formatDateTime(at)} className={className}>
      {time === null ? at : formatRelative(Math.min(time, now), now)}
    </time>
  )
}
