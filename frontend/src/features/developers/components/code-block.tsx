import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils.ts'
import { CopyButton } from '@/components/copy-button.tsx'

/** A block of code (shell, TSX) with a copy button in its corner. */
export function CodeBlock({
  code,
  label,
  className,
}: {
  code: string
  /** What the copy button copies, e.g. "Copy the curl command". */
  label?: string
  className?: string
}) {
  const { t } = useTranslation('developers')
  return (
    <div className={cn('relative rounded-lg border bg-muted/60', className)}>
      {/* Focusable: a keyboard can scroll it when it overflows (axe scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className="overflow-x-auto rounded-lg p-4 pe-14 font-mono text-[0.8125rem] leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <code>{code}</code>
      </pre>
      <CopyButton
        text={code}
        label={label ?? t('copy.code')}
        variant="ghost"
        className="absolute end-2 top-2"
      />
    </div>
  )
}
