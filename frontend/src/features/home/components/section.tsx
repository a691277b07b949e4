import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { cn } from '@/lib/utils.ts'

/** One part of the home page: a heading, a link to the whole list beside it, the cards. */
export function HomeSection({
  id,
  title,
  more,
  busy = false,
  className,
  children,
}: {
  id: string
  title: string
  /** A link to the page the cards come from. */
  more?: ReactNode
  busy?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      aria-busy={busy || undefined}
      className={cn('grid min-w-0 content-start gap-3', className)}
    >
      <div className="flex min-h-11 items-center justify-between gap-3">
        <h2 id={id} className="min-w-0 text-lg font-semibold break-words">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  )
}

/** What a section says when its list is empty, with a way to fill it. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      <p className="break-words">{children}</p>
      {action}
    </div>
  )
}

/** A section that could not load: the others stay; this one offers to try again. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('home')
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-error/40 bg-error-soft px-4 py-3 text-sm text-error"
    >
      <p className="min-w-0 break-words">{message}</p>
      <Button variant="outline" size="md" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  )
}
