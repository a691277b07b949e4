import { Fragment } from 'react'
import { cn } from '@/lib/utils.ts'

/**
 * The server's descriptions are short Markdown-ish texts: `code` in backticks and line breaks.
 * Shown as text with <code> for the backticked parts; nothing is parsed as HTML.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  if (!text) return null
  const parts = text.split(/(`[^`\n]+`)/g)
  return (
    <p className={cn('wrap-anywhere whitespace-pre-line', className)}>
      {parts.map((part, index) =>
        part.length > 2 && part.startsWith('`') && part.endsWith('`') ? (
          <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8125em]">
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  )
}
