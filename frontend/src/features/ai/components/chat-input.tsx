import { CornerDownLeft, SendHorizontal, Square } from 'lucide-react'
import { useLayoutEffect, type FormEvent, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'

/** Spec §9: the textarea grows with its text up to this height, then scrolls. */
const TEXTAREA_MAX_HEIGHT_PX = 128

interface ChatInputProps {
  value: string
  onChange: (value: string) => void
  /** Called with the trimmed text; empty input never gets here. */
  onSend: (text: string) => void
  onStop: () => void
  isLoading: boolean
  /** False when the assistant cannot be used (not configured, sign-in needed). */
  enabled: boolean
  /** A phone: a shorter placeholder, and the 'new line' button instead of Shift+Enter. */
  narrow: boolean
  textareaRef: RefObject<HTMLTextAreaElement | null>
}

function fitHeight(textarea: HTMLTextAreaElement): void {
  textarea.style.height = 'auto'
  const height = Math.min(textarea.scrollHeight, TEXTAREA_MAX_HEIGHT_PX)
  textarea.style.height = height > 0 ? `${height}px` : ''
  textarea.style.overflowY = textarea.scrollHeight > TEXTAREA_MAX_HEIGHT_PX ? 'auto' : 'hidden'
}

/**
 * The message box (spec §2.5): Enter sends, Shift+Enter (or the phone's 'new line' button)
 * breaks the line, an IME composition is never interrupted. While an answer streams the send
 * button spins and a stop button ends the stream.
 */
export function ChatInput({
  value,
  onChange,
  onSend,
  onStop,
  isLoading,
  enabled,
  narrow,
  textareaRef,
}: ChatInputProps) {
  const { t } = useTranslation('ai')

  useLayoutEffect(() => {
    if (textareaRef.current) fitHeight(textareaRef.current)
  }, [value, textareaRef])

  const send = () => {
    const text = value.trim()
    if (!text || isLoading || !enabled) return
    onSend(text)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return
    // Enter that confirms an IME candidate (Chinese input) is not a send; Safari reports such
    // a keydown with keyCode 229 after the composition has ended.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return
    event.preventDefault()
    send()
  }

  const insertNewline = () => {
    const textarea = textareaRef.current
    if (!textarea) return
    const { selectionStart, selectionEnd } = textarea
    onChange(`${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`)
    requestAnimationFrame(() => {
      textarea.focus()
      textarea.setSelectionRange(selectionStart + 1, selectionStart + 1)
    })
  }

  return (
    <form
      onSubmit={onSubmit}
      className="shrink-0 border-t bg-card px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:px-4"
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={textareaRef}
          rows={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={!enabled}
          aria-label={t('input.label')}
          placeholder={
            !enabled
              ? t('input.unavailable')
              : narrow
                ? t('input.placeholderShort')
                : t('input.placeholder')
          }
          enterKeyHint="send"
          className="block max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-base leading-6 text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        />
        <Button
          variant="outline"
          iconOnly
          className="md:hidden"
          aria-label={t('input.newline')}
          title={t('input.newline')}
          disabled={!enabled}
          // Keeps the textarea focused, so the phone's keyboard stays up.
          onPointerDown={(event) => event.preventDefault()}
          onClick={insertNewline}
        >
          <CornerDownLeft aria-hidden="true" />
        </Button>
        {isLoading && (
          <Button
            variant="outline"
            iconOnly
            aria-label={t('input.stop')}
            title={t('input.stop')}
            onClick={onStop}
          >
            <Square aria-hidden="true" className="fill-current" />
          </Button>
        )}
        <Button
          type="submit"
          iconOnly
          aria-label={isLoading ? t('input.sending') : t('input.send')}
          title={t('input.send')}
          aria-busy={isLoading || undefined}
          disabled={isLoading || !enabled || value.trim() === ''}
        >
          {isLoading ? (
            <Spinner />
          ) : (
            <SendHorizontal aria-hidden="true" className="rtl:-scale-x-100" />
          )}
        </Button>
      </div>
    </form>
  )
}
