import { Search, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useFindByName, type DirectoryKind } from '../api/find-by-name.ts'
import { parseId, type NamedFilter } from './gallery-model.ts'

/** The text, once it has stopped changing for `ms`. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms)
    return () => clearTimeout(timer)
  }, [text, ms])
  return settled
}

/**
 * A user or group filter that takes a name: typing a username, a nickname or a group's name lists
 * the matches (the server's `/api/admin/directory/*`), choosing one applies its id; Enter takes
 * the first (an exact name comes first). A whole id typed or pasted applies at once, as before.
 * Once applied, the filter shows its name with a button to clear it.
 */
export function NameFilterField({
  kind,
  label,
  value,
  onChange,
}: {
  kind: DirectoryKind
  label: string
  value: NamedFilter | null
  onChange: (value: NamedFilter | null) => void
}) {
  const { t } = useTranslation('admin')
  const [text, setText] = useState('')
  const settled = useSettled(text.trim())
  const asId = parseId(text)
  const found = useFindByName(kind, asId ? '' : settled)
  const listId = useId()
  const items = found.data ?? []
  const choose = (entry: { id: string; name: string }) => {
    onChange(entry)
    setText('')
  }
  const nameOf = (e: { name: string; detail: string | null }) =>
    kind === 'users' ? `@${e.name}` : e.name

  if (value) {
    return (
      <Field label={label}>
        {(control) => (
          <div className="flex min-h-11 items-center gap-1 rounded-md border bg-muted/40 ps-3 md:min-h-10">
            <span
              id={control.id}
              className="min-w-0 flex-1 truncate text-sm"
              data-testid={`filter-${kind}`}
            >
              {value.name}
            </span>
            <button
              type="button"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:size-10"
              aria-label={t('nameFilter.clear', { name: value.name })}
              onClick={() => onChange(null)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}
      </Field>
    )
  }

  const open = text.trim() !== '' && !asId
  return (
    <Field
      label={label}
      hint={kind === 'users' ? t('nameFilter.usersHint') : t('nameFilter.groupsHint')}
    >
      {(control) => (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            {...control}
            value={text}
            className="ps-9"
            placeholder={
              kind === 'users'
                ? t('nameFilter.usersPlaceholder')
                : t('nameFilter.groupsPlaceholder')
            }
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            aria-controls={open ? listId : undefined}
            onChange={(event) => {
              const raw = event.target.value
              setText(raw)
              const id = parseId(raw)
              if (id) choose({ id, name: id.slice(0, 8) })
            }}
            onKeyDown={(event) => {
              const first = items[0]
              if (event.key === 'Enter' && first && settled === text.trim()) {
                event.preventDefault()
                choose({ id: first.id, name: nameOf(first) })
              } else if (event.key === 'Escape') {
                setText('')
              }
            }}
          />
          {open && (
            <div
              id={listId}
              className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
            >
              {found.isFetching && items.length === 0 ? (
                <p className="px-3 py-2 text-sm text-muted-foreground">
                  {t('nameFilter.searching')}
                </p>
              ) : items.length === 0 ? (
                <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
                  {found.isError ? t('nameFilter.failed') : t('nameFilter.none')}
                </p>
              ) : (
                <ul aria-label={t('nameFilter.matches')} className="grid">
                  {items.map((entry) => (
                    <li key={entry.id}>
                      <button
                        type="button"
                        className="flex min-h-11 w-full items-center gap-2 rounded-sm px-3 text-start text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                        onClick={() => choose({ id: entry.id, name: nameOf(entry) })}
                      >
                        <span className="truncate font-medium">{nameOf(entry)}</span>
                        {entry.detail && (
                          <span className="truncate text-muted-foreground">{entry.detail}</span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
    </Field>
  )
}
