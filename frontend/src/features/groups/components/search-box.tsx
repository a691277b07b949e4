import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Input } from '@/components/ui/input.tsx'

/** How long typing must pause before a search is sent. */
const SEARCH_DEBOUNCE_MS = 300

/**
 * A search field that reports its text once typing pauses. While an input method is composing
 * (pinyin becoming 汉字) nothing is reported: the half-typed Latin letters are not what the
 * person is looking for; the composed characters are, when composition ends.
 */
export function SearchBox({
  label,
  placeholder,
  maxLength,
  onSearch,
}: {
  label: string
  placeholder?: string
  maxLength: number
  onSearch: (query: string) => void
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [composing, setComposing] = useState(false)
  const onSearchRef = useRef(onSearch)
  useEffect(() => {
    onSearchRef.current = onSearch
  })

  useEffect(() => {
    if (composing) return
    const timer = setTimeout(() => onSearchRef.current(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, composing])

  return (
    <div role="search" className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        className="ps-9"
        onChange={(event) => setText(event.target.value)}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={(event) => {
          setComposing(false)
          setText(event.currentTarget.value)
        }}
      />
    </div>
  )
}
