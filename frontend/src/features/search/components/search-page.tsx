import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'
import { NARROW_QUERY } from '@/lib/media-query.ts'
import { searchKeys } from '../api/results.ts'
import {
  QUERY_MAX_CHARS,
  SEARCH_TABS,
  type SearchParams,
  type SearchTab,
} from '../search-params.ts'
import { SearchFilters } from './search-filters.tsx'
import { SearchResults } from './search-results.tsx'

/**
 * The page's own field. What is typed is the field's until it is submitted: a tab or a filter
 * changes the address but not `q`, so nothing typed is lost; a new `q` (Back, Forward, the
 * header's box) replaces it. Empty, the field takes the focus (the phone's search button leads
 * here to type at once).
 */
function SearchForm({ q, onSubmit }: { q: string; onSubmit: (text: string) => void }) {
  const { t } = useTranslation('search')
  const [text, setText] = useState(q)
  const [shown, setShown] = useState(q)
  if (shown !== q) {
    setShown(q)
    setText(q)
  }
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <form
      role="search"
      aria-label={t('form.label')}
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit(text.trim())
        // On a phone the keyboard goes away so the results can be seen.
        if (window.matchMedia(NARROW_QUERY).matches) inputRef.current?.blur()
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor="search-q" className="sr-only">
          {t('form.input')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          id="search-q"
          type="search"
          name="q"
          value={text}
          maxLength={QUERY_MAX_CHARS}
          placeholder={t('form.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={q === ''}
          className="ps-9"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit">{t('form.submit')}</Button>
    </form>
  )
}

const isTab = (value: string): value is SearchTab =>
  (SEARCH_TABS as readonly string[]).includes(value)

/** The address without the parts that are not set. */
function clean(search: SearchParams): SearchParams {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as SearchParams
}

/**
 * `/search`: a field, a tab per kind (posts, articles, replies, groups, people), the filters of
 * the tab and its results with the matched words marked. Everything lives in the address
 * (routes/search.tsx), so a reload, a shared link and Back/Forward show the same search.
 */
export function SearchPage({ search }: { search: SearchParams }) {
  const { t } = useTranslation('search')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const tab = search.tab ?? 'posts'
  const q = search.q?.trim() ?? ''
  const tabsRef = useRef<HTMLDivElement>(null)

  const update = (patch: Partial<SearchParams>) =>
    void navigate({ to: '/search', search: clean({ ...search, ...patch }) })

  // Phones scroll the tabs sideways: the current one (from the address, say) is kept in view.
  useEffect(() => {
    const active = tabsRef.current?.querySelector<HTMLElement>('[data-state="active"]')
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [tab])

  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-6 md:py-10">
      <h1 className="text-2xl font-semibold md:text-3xl">{t('title')}</h1>
      <SearchForm
        q={search.q ?? ''}
        onSubmit={(text) => {
          // The same words again ask again: what was written since is found.
          if (text === q) void queryClient.invalidateQueries({ queryKey: searchKeys.all })
          update({ q: text || undefined })
        }}
      />
      <Tabs value={tab} onValueChange={(value) => isTab(value) && update({ tab: value })}>
        <TabsList
          ref={tabsRef}
          aria-label={t('tabs.label')}
          className="max-w-full justify-start overflow-x-auto"
        >
          {SEARCH_TABS.map((kind) => (
            <TabsTrigger key={kind} value={kind}>
              {t(`tabs.${kind}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {SEARCH_TABS.map((kind) => (
          <TabsContent key={kind} value={kind} className="grid gap-4">
            <SearchFilters tab={kind} search={search} onChange={update} />
            {q ? (
              <SearchResults tab={kind} q={q} search={search} />
            ) : (
              <div className="rounded-xl border border-dashed p-6 text-sm">
                <p className="font-medium">{t('hint.title')}</p>
                <p className="mt-1 text-muted-foreground">{t('hint.body')}</p>
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  )
}
