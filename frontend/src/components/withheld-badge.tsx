import { EyeOff, Hourglass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import type { Article } from '@/lib/api/types.ts'
import { cn } from '@/lib/utils.ts'

/**
 * Why an item is shown to its author only (every DTO that can be withheld carries the same
 * `WithheldDto`): `held` while the word list holds it for review, `hidden` once a moderator hid it.
 */
type Withheld = Article['withheld']

/**
 * What only its author sees on a withheld post, comment, article or reply: a badge, 审核中 /
 * "Under review" (held) or 已隐藏 / "Hidden", and one line saying who else can see it. Nothing
 * for an item everyone sees (`null`): the server sends a non-null value to the author alone.
 * Strings in `common:withheld`.
 */
export function WithheldBadge({ withheld, className }: { withheld: Withheld; className?: string }) {
  const { t } = useTranslation()
  if (!withheld) return null
  const held = withheld === 'held'
  const Icon = held ? Hourglass : EyeOff
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}>
      <Badge tone={held ? 'warning' : 'neutral'}>
        <Icon aria-hidden="true" className="size-3" />
        {held ? t('withheld.held') : t('withheld.hidden')}
      </Badge>
      <span className="min-w-0 text-xs text-muted-foreground">
        {held ? t('withheld.heldHint') : t('withheld.hiddenHint')}
      </span>
    </p>
  )
}
