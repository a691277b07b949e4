import { ArrowDown, MessageSquareText } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils.ts'
import type { AiChatMessage } from '../model.ts'
import { MessageItem } from './message-item.tsx'
import { useAutoScroll } from './use-auto-scroll.ts'
import { usePullDown } from './use-pull-down.ts'

interface MessageListProps {
  /** The conversation shown; another one starts at its bottom. */
  sessionId: string | undefined
  messages: readonly AiChatMessage[]
  isLoading: boolean
  language: 'zh' | 'en'
  /** Pulling down at the top opens the conversation list (phones only). */
  pullEnabled: boolean
  onPull: () => void
  onCopy: (text: string) => void
  onRegenerate: () => void
  onExample: (text: string) => void
}

/**
 * The conversation: an empty state with an example, or the messages (spec §2.5). It mounts
 * (each time the modal opens) at the bottom, follows what streams in unless the user scrolled
 * up, and goes back to the bottom for another conversation or a message the user sends.
 */
export function MessageList({
  sessionId,
  messages,
  isLoading,
  language,
  pullEnabled,
  onPull,
  onCopy,
  onRegenerate,
  onExample,
}: MessageListProps) {
  const { t } = useTranslation('ai')
  const scrollRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const pull = usePullDown(scrollRef, { enabled: pullEnabled, onPull })
  const last = messages.at(-1)
  const lastAnswerId = last && !last.isUser ? last.id : undefined
  const lastQuestionId = messages.findLast((message) => message.isUser)?.id
  const { onScroll, stickToBottom } = useAutoScroll(
    scrollRef,
    contentRef,
    // Changes with every message and every streamed fragment.
    `${messages.length}:${last?.content.length}:${last?.reasoning?.length}:${isLoading}`,
  )

  useLayoutEffect(() => {
    stickToBottom()
  }, [sessionId, lastQuestionId, stickToBottom])
  const example = t('empty.example')

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="ai-messages"
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain"
      {...pull.handlers}
    >
      <div ref={contentRef} className="flex min-h-full flex-col">
        {pull.distance > 0 && (
          <div
            aria-hidden="true"
            style={{ height: Math.min(pull.distance, 80) }}
            className="flex items-end justify-center overflow-hidden text-xs text-muted-foreground"
          >
            <span className="flex items-center gap-1 pb-1">
              <ArrowDown
                className={cn('size-3.5 transition-transform', pull.ready && 'rotate-180')}
              />
              {pull.ready ? t('history.releaseToOpen') : t('history.pullToOpen')}
            </span>
          </div>
        )}
        {messages.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <MessageSquareText aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-base font-semibold">{t('empty.title')}</h3>
            <p className="max-w-sm text-sm text-muted-foreground">{t('empty.description')}</p>
            <button
              type="button"
              onClick={() => onExample(example)}
              className="mt-1 max-w-sm rounded-lg border bg-background px-3 py-2 text-start text-sm transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="block text-xs text-muted-foreground">{t('empty.exampleLabel')}</span>
              {example}
            </button>
          </div>
        ) : (
          <ol aria-label={t('message.list')} className="grid gap-4 px-3 py-4 md:px-5">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                streaming={isLoading && message.id === lastAnswerId}
                canRegenerate={!isLoading && message.id === lastAnswerId}
                language={language}
                onCopy={onCopy}
                onRegenerate={onRegenerate}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  )
}
