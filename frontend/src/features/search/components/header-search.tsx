import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonVariants } from '@/components/ui/button.tsx'
import { inputVariants } from '@/components/ui/input.tsx'
import { cn } from '@/lib/utils.ts'
import { QUERY_MAX_CHARS } from '../search-params.ts'

/**
 * The header's way to search (lazy: header-search-slot.tsx): from 768 px a box that opens
 * `/search?q=` on Enter; on phones a button to the search page, whose empty field takes the
 * focus. On the search page itself neither: the page has its own field. Its strings are the
 * shell's (`common`), there on the first paint; the page's own namespace loads with the page.
 */
export function HeaderSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const onSearchPage = useLocation({ select: (location) => location.pathname === '/search' })
  const [text, setText] = useState('')
  if (onSearchPage) return null
  return (
    <>
      {/* From 1024 px a box; between 768 and 1024 px, beside the nav's links, a box as narrow as
          a button that widens over the links while it has the focus. */}
      <form
        role="search"
        aria-label={t('search.label')}
        className="relative me-1 hidden h-8 w-10 md:block lg:w-52"
        onSubmit={(event) => {
          event.preventDefault()
          const q = text.trim()
          void navigate({ to: '/search', search: q ? { q } : {} })
          setText('')
        }}
      >
        <div className="absolute end-0 top-0 z-10 w-10 transition-[width] focus-within:w-56 lg:w-52 lg:focus-within:w-64">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          {/* A text field in a search landmark, not a `searchbox`: a page's own search field
              (the groups', the API docs') stays the only searchbox on its page. */}
          <input
            type="text"
            name="q"
            value={text}
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={QUERY_MAX_CHARS}
            className={cn(inputVariants({ size: 'sm' }), 'ps-8')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
      <Link
        to="/search"
        aria-label={t('search.open')}
        title={t('search.open')}
        className={cn(buttonVariants({ variant: 'ghost', iconOnly: true }), 'md:hidden')}
      >
        <Search aria-hidden="true" />
      </Link>
    </>
  )
}
