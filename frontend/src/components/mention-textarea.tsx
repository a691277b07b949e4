import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { completeMention, mentionAtCaret } from '@/lib/mentions.ts'
import { userInitials } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'

type Suggestions = ResponseBody<'/api/mentions/suggestions', 'get'>
type Suggested = Suggestions['people'][number]

/** How long typing pauses before the names are asked for. */
const ASK_AFTER_MS = 150

function fetchSuggestions(query: string, groupId: string | null): Promise<Suggestions> {
  const params = new URLSearchParams({ q: query })
  if (groupId) params.set('groupId', groupId)
  return api.get<Suggestions>(`/api/mentions/suggestions?${params}`)
}

/** Sets a controlled field's value as typing would, so its `onChange` (and a draft) sees it. */
function typeInto(field: HTMLTextAreaElement, text: string, caret: number) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
  setter?.call(field, text)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  field.setSelectionRange(caret, caret)
}

/** The styles that decide where a textarea's text wraps, copied to the measuring copy. */
const TEXT_LAYOUT = [
  'boxSizing',
  'width',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'letterSpacing',
  'lineHeight',
  'tabSize',
  'textIndent',
  'textTransform',
  'wordSpacing',
] as const

/**
 * Where the line with the caret ends, in px from the field's top as it is scrolled: measured on
 * an invisible copy of the text up to the caret, laid out as the field lays it out.
 */
function caretLineBottom(field: HTMLTextAreaElement, caret: number): number {
  const style = getComputedStyle(field)
  const copy = document.createElement('div')
  for (const name of TEXT_LAYOUT) copy.style[name] = style[name]
  Object.assign(copy.style, {
    position: 'absolute',
    visibility: 'hidden',
    top: '0',
    left: '-9999px',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
  })
  copy.textContent = field.value.slice(0, caret)
  const marker = document.createElement('span')
  marker.textContent = '\u200b'
  copy.append(marker)
  document.body.append(copy)
  const bottom = marker.offsetTop + marker.offsetHeight
  copy.remove()
  return bottom - field.scrollTop
}

interface MentionTextareaProps extends ComponentProps<'textarea'> {
  /** Writing in this group: only its members are suggested. */
  groupId?: string | null
  /**
   * A tall field (an article's body): the suggestions open under the line being typed, not
   * under the whole field, which may end below the screen.
   */
  followCaret?: boolean
  /** Classes of the box around the field and its suggestions (`flex-1` in a row). */
  wrapperClassName?: string
}

/**
 * A textarea that completes `@name` as one types (people one may mention, a group's members in
 * a group), for every text that can mention someone. ↑/↓ choose, Enter or Tab takes, Escape
 * closes; a tap takes. The value stays the caller's (a completion is typed into the field), so
 * drafts keep working.
 */
export function MentionTextarea({
  groupId = null,
  followCaret = false,
  wrapperClassName,
  className,
  onKeyDown,
  ref,
  ...props
}: MentionTextareaProps) {
  const { t } = useTranslation()
  const field = useRef<HTMLTextAreaElement | null>(null)
  const listId = useId()
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null)
  const [asked, setAsked] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const [closed, setClosed] = useState(false)
  const [listTop, setListTop] = useState<number | null>(null)

  const readCaret = () => {
    const element = field.current
    if (!element) return
    const caret = element.selectionStart
    const found = caret === element.selectionEnd ? mentionAtCaret(element.value, caret) : null
    setTyping(found)
    setClosed(false)
    if (followCaret && found) {
      // Within the field: a line scrolled out of it puts the list at the field's edge.
      const line = Math.min(Math.max(caretLineBottom(element, caret), 0), element.clientHeight)
      setListTop(element.offsetTop + element.clientTop + line)
    }
  }

  const query = typing?.query ?? ''
  useEffect(() => {
    if (query === '') return
    const timer = window.setTimeout(() => {
      setAsked(query)
      setActive(0)
    }, ASK_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [query])
  // Nothing is asked while no name is being typed (the last answer is kept for the next one).
  const current = query === '' ? null : asked

  const suggestions = useQuery({
    queryKey: ['mentions', groupId, current],
    queryFn: () => fetchSuggestions(current ?? '', groupId),
    enabled: current !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.people,
  })
  const people = typing && !closed && current ? (suggestions.data ?? []) : []
  const open = people.length > 0

  const take = (person: Suggested) => {
    const element = field.current
    if (!element || !typing) return
    const completed = completeMention(
      element.value,
      typing.start,
      element.selectionStart,
      person.username,
    )
    typeInto(element, completed.text, completed.caret)
    setTyping(null)
    element.focus()
  }

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((i) => (i + step + people.length) % people.length)
        return
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = people[active]
        if (person) {
          event.preventDefault()
          take(person)
          return
        }
      }
      if (event.key === 'Escape') {
        // The popup closes; the dialog around the field (if any) stays open.
        event.preventDefault()
        event.stopPropagation()
        setClosed(true)
        return
      }
    }
    onKeyDown?.(event)
  }

  const optionId = (index: number) => `${listId}-${index}`
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Textarea
        {...props}
        ref={(element) => {
          field.current = element
          // The caller's ref too (a form that focuses its field).
          if (typeof ref === 'function') ref(element)
          else if (ref) ref.current = element
        }}
        className={className}
        onKeyDown={keyDown}
        onKeyUp={readCaret}
        onClick={readCaret}
        onInput={readCaret}
        onBlur={(event) => {
          // A tap on a suggestion blurs the field first: close only when focus left both.
          if (!event.relatedTarget?.closest(`[id="${listId}"]`)) setTyping(null)
          props.onBlur?.(event)
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
      />
      <span className="sr-only" aria-live="polite">
        {open ? t('mentions.suggested', { count: people.length }) : ''}
      </span>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('mentions.label')}
          style={followCaret && listTop !== null ? { top: listTop } : undefined}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {people.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => take(person)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-sm px-2 text-sm',
                index === active && 'bg-accent text-accent-foreground',
              )}
            >
              <UserAvatar
                src={person.avatarUrl}
                initials={userInitials(person)}
                className="size-7"
              />
              <span className="truncate font-medium">{person.nickname}</span>
              <span className="truncate text-muted-foreground">@{person.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
