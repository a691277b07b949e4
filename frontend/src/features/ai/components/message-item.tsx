import { Bot, Brain, ChevronDown, CircleAlert, Copy, RotateCcw, Timer } from 'lucide-react'
import { memo, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { formatTime } from '@/lib/format.ts'
import { cn } from '@/lib/utils.ts'
import { formatResponseTime, modelLabel, type AiChatMessage } from '../model.ts'
import { isFailureMessage } from '../session-logic.ts'
import { failureText } from './display.ts'
import { LazyMarkdownView } from '@/lib/markdown/lazy.ts'

interface MessageItemProps {
  message: AiChatMessage
  /** This reply is the one streaming in now. */
  streaming: boolean
  /** Offer to regenerate (the last answer, while nothing is loading). */
  canRegenerate: boolean
  language: 'zh' | 'en'
  onCopy: (text: string) => void
  onRegenerate: () => void
}

/** One message: the user's on the end side, the assistant's (Markdown) on the start side. */
export const MessageItem = memo(function MessageItem({
  message,
  streaming,
  canRegenerate,
  language,
  onCopy,
  onRegenerate,
}: MessageItemProps) {
  const { t } = useTranslation('ai')
  const failed = isFailureMessage(message)
  const waiting = streaming && message.content === ''
  const time = (
    <time dateTime={new Date(message.timestamp).toISOString()}>
      {formatTime(message.timestamp, language)}
    </time>
  )

  if (message.isUser) {
    return (
      <li className="flex flex-col items-end gap-1">
        <div className="max-w-[85%] rounded-2xl rounded-ee-md bg-primary px-3.5 py-2 text-[0.9375rem] whitespace-pre-wrap wrap-anywhere text-primary-foreground">
          {message.content}
        </div>
        <div className="flex items-center gap-1 text-xs text-muted-foreground">
          {time}
          <CopyButton text={message.content} onCopy={onCopy} />
        </div>
      </li>
    )
  }

  return (
    <li className="flex gap-2.5">
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 hidden size-7 shrink-0 items-center justify-center rounded-full sm:flex',
          failed ? 'bg-error-soft text-error' : 'bg-primary/10 text-primary',
        )}
      >
        {failed ? <CircleAlert className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className="flex max-w-full min-w-0 flex-col items-start gap-1 sm:max-w-[calc(100%-3rem)]">
        {message.reasoning && (
          <ReasoningPanel
            reasoning={message.reasoning}
            streaming={streaming && message.content === ''}
          />
        )}
        {waiting ? (
          <ThinkingDots />
        ) : failed ? (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-2xl rounded-es-md border border-error/40 bg-error-soft px-3.5 py-2 text-sm text-error"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 sm:hidden" />
            <span className="wrap-anywhere">{failureText(message, t)}</span>
          </div>
        ) : (
          <div className="max-w-full min-w-0 rounded-2xl rounded-es-md bg-muted px-3.5 py-2 text-[0.9375rem] text-foreground">
            <Suspense
              fallback={<p className="whitespace-pre-wrap wrap-anywhere">{message.content}</p>}
            >
              <LazyMarkdownView content={message.content} />
            </Suspense>
          </div>
        )}
        {!waiting && (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
            {time}
            {message.model && <span>{modelLabel(message.model)}</span>}
            {message.responseTime !== undefined && (
              <span className="inline-flex items-center gap-0.5" title={t('message.responseTime')}>
                <Timer aria-hidden="true" className="size-3" />
                <span className="sr-only">{t('message.responseTime')}</span>
                {formatResponseTime(message.responseTime)}
              </span>
            )}
            <span className="inline-flex items-center">
              {!failed && message.content !== '' && (
                <CopyButton text={message.content} onCopy={onCopy} />
              )}
              {canRegenerate && (
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  aria-label={t('message.regenerate')}
                  title={t('message.regenerate')}
                  onClick={onRegenerate}
                >
                  <RotateCcw aria-hidden="true" />
                </Button>
              )}
            </span>
          </div>
        )}
      </div>
    </li>
  )
})

function CopyButton({ text, onCopy }: { text: string; onCopy: (text: string) => void }) {
  const { t } = useTranslation('ai')
  return (
    <Button
      variant="ghost"
      size="xs"
      iconOnly
      aria-label={t('message.copy')}
      title={t('message.copy')}
      onClick={() => onCopy(text)}
    >
      <Copy aria-hidden="true" />
    </Button>
  )
}

/** Shown while the assistant's first words are awaited (spec §2.5). */
function ThinkingDots() {
  const { t } = useTranslation('ai')
  return (
    <div
      role="status"
      className="flex h-9 items-center gap-1 rounded-2xl rounded-es-md bg-muted px-4"
    >
      <span className="sr-only">{t('message.thinking')}</span>
      {['[animation-delay:-0.3s]', '[animation-delay:-0.15s]', ''].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className={cn('size-1.5 animate-bounce rounded-full bg-muted-foreground', delay)}
        />
      ))}
    </div>
  )
}

/**
 * The model's reasoning, open while it streams in and folded once the answer starts; the
 * user's own choice wins from the first click.
 */
function ReasoningPanel({ reasoning, streaming }: { reasoning: string; streaming: boolean }) {
  const { t } = useTranslation('ai')
  const [chosen, setChosen] = useState<boolean | null>(null)
  const open = chosen ?? streaming
  const bodyId = useId()
  return (
    <div className="w-full max-w-xl rounded-lg border bg-card text-xs">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setChosen(!open)}
        className="flex w-full items-center gap-1.5 rounded-lg px-3 py-1.5 text-start text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Brain aria-hidden="true" className={cn('size-3.5', streaming && 'animate-pulse')} />
        <span className="flex-1">
          {streaming ? t('reasoning.streaming') : t('reasoning.title')}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-3.5 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div
        id={bodyId}
        hidden={!open}
        className="max-h-60 overflow-y-auto border-t px-3 py-2 leading-relaxed whitespace-pre-wrap text-muted-foreground"
      >
        {reasoning}
      </div>
    </div>
  )
}
