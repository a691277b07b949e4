import { memo, useEffect, useMemo, useSyncExternalStore, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils.ts'
import { useCopyText } from '@/lib/clipboard.ts'
import {
  currentHighlighter,
  hasCodeFence,
  loadHighlighter,
  subscribeHighlighter,
} from './highlighter.ts'
import './markdown.css'
import { renderMarkdownCached } from './render.ts'

interface MarkdownViewProps {
  content: string
  className?: string
}

/**
 * An assistant answer as sanitised Markdown. Loaded lazily (markdown-it and DOMPurify) the
 * first time an answer is shown, and the code highlighter only once an answer has code;
 * memoised by content, so while one answer streams in the others are not rendered again.
 */
export const MarkdownView = memo(function MarkdownView({ content, className }: MarkdownViewProps) {
  const { t } = useTranslation('ai')
  const copyText = useCopyText()
  const copyLabel = t('markdown.copyCode')
  const highlight = useSyncExternalStore(subscribeHighlighter, currentHighlighter)
  const wantsHighlighter = !highlight && hasCodeFence(content)

  useEffect(() => {
    if (wantsHighlighter) void loadHighlighter()
  }, [wantsHighlighter])

  const html = useMemo(
    () => renderMarkdownCached(content, { copyLabel, highlight }),
    [content, copyLabel, highlight],
  )

  // The code blocks' copy buttons are plain HTML from the renderer; one listener serves them.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return
    const button = event.target.closest('[data-copy-code]')
    const code = button?.closest('.md-code')?.querySelector('pre')?.textContent
    if (typeof code === 'string') void copyText(code)
  }

  return (
    <div
      className={cn('md', className)}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
})

export default MarkdownView
