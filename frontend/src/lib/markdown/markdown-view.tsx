import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type MouseEvent,
} from 'react'
import { useRouter } from '@tanstack/react-router'
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
import { renderMarkdown, renderMarkdownCached } from './render.ts'

interface MarkdownViewProps {
  content: string
  className?: string
  /**
   * Keep the rendering in the cache of the last 200 (the default): right for texts shown again
   * and again (chat answers, articles). An editor's preview, a new text on every keystroke,
   * passes false so it does not push everything else out.
   */
  cached?: boolean
}

/**
 * Markdown as sanitised HTML (spec §9), for the AI assistant's answers and the groups' articles.
 * Loaded lazily (markdown-it and DOMPurify) the first time something is shown, and the code
 * highlighter only once a text has fenced code; memoised by content, so while one answer streams
 * in the others are not rendered again.
 */
export const MarkdownView = memo(function MarkdownView({
  content,
  className,
  cached = true,
}: MarkdownViewProps) {
  const { t } = useTranslation()
  const copyText = useCopyText()
  const copyLabel = t('copy.code')
  const removedLabel = t('markdown.imageRemoved')
  const root = useRef<HTMLDivElement>(null)

  // A stored image that no longer loads was hidden or deleted by an administrator: it becomes a
  // placeholder saying so. Attached before the browser can report a failed load (errors do not
  // bubble: listened for while capturing).
  useLayoutEffect(() => {
    const element = root.current
    if (!element) return
    const onError = (event: Event) => {
      const img = event.target
      if (!(img instanceof HTMLImageElement) || !isStoredImage(img.src)) return
      img.replaceWith(removedImagePlaceholder(removedLabel))
    }
    element.addEventListener('error', onError, true)
    return () => element.removeEventListener('error', onError, true)
  }, [removedLabel])
  const highlight = useSyncExternalStore(subscribeHighlighter, currentHighlighter)
  const wantsHighlighter = !highlight && hasCodeFence(content)

  useEffect(() => {
    if (wantsHighlighter) void loadHighlighter()
  }, [wantsHighlighter])

  const html = useMemo(
    () =>
      (cached ? renderMarkdownCached : renderMarkdown)(content, {
        copyLabel,
        highlight,
      }),
    [content, copyLabel, highlight, cached],
  )

  // Outside a router (a test of the view alone) a mention's link is a plain link.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined

  // The code blocks' copy buttons are plain HTML from the renderer; one listener serves them.
  // A mention's link (`a.mention`) opens the profile inside the app.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return
    const mention = event.target.closest('a.mention')
    const plain = !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    if (mention instanceof HTMLAnchorElement && router && plain && event.button === 0) {
      event.preventDefault()
      void router.navigate({ href: mention.getAttribute('href') ?? '/' })
      return
    }
    const button = event.target.closest('[data-copy-code]')
    const code = button?.closest('.md-code')?.querySelector('pre')?.textContent
    if (typeof code === 'string') void copyText(code)
  }

  return (
    <div
      ref={root}
      className={cn('md', className)}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
})

/** Whether `src` is one of the app's stored images (`/api/media/{id}`, its thumbnail). */
export function isStoredImage(src: string): boolean {
  try {
    return new URL(src, window.location.href).pathname.startsWith('/api/media/')
  } catch {
    return false
  }
}

function removedImagePlaceholder(label: string): HTMLElement {
  const placeholder = document.createElement('span')
  placeholder.className = 'md-image-removed'
  placeholder.setAttribute('role', 'img')
  placeholder.setAttribute('aria-label', label)
  placeholder.textContent = label
  return placeholder
}

export default MarkdownView
