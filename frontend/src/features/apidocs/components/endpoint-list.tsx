import { Link } from '@tanstack/react-router'
import { ChevronRight, Search, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input.tsx'
import { cn } from '@/lib/utils.ts'
import { OTHER_GROUP, type ApiGroup } from '../browser-state.ts'
import { groupDomId } from './group-dom-id.ts'
import { MethodBadge } from './method-badge.tsx'

interface EndpointListProps {
  groups: ApiGroup[]
  searchQuery: string
  onSearch: (query: string) => void
  expandedGroup: string | null
  selectedId: string | null
  onToggleGroup: (name: string) => void
  onSelect: (id: string) => void
}

/** Search box and the groups; one group is open at a time (spec §2.4). */
export function EndpointList({
  groups,
  searchQuery,
  onSearch,
  expandedGroup,
  selectedId,
  onToggleGroup,
  onSelect,
}: EndpointListProps) {
  const { t } = useTranslation('apidocs')
  return (
    <div className="grid gap-3">
      <div className="relative" role="search">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={searchQuery}
          onChange={(event) => onSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && searchQuery) {
              event.preventDefault()
              onSearch('')
            }
          }}
          className="ps-9 pe-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {searchQuery && (
          <button
            type="button"
            aria-label={t('search.clear')}
            onClick={() => onSearch('')}
            className="absolute inset-y-0 end-0 flex w-9 cursor-pointer items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>

      {searchQuery.trim() !== '' && groups.length === 0 ? (
        <p className="px-1 py-4 text-sm text-muted-foreground" role="status">
          {t('search.noResults', { query: searchQuery.trim() })}
        </p>
      ) : (
        <nav aria-label={t('groups.label')}>
          <ul className="grid gap-1">
            {groups.map((group) => {
              const open = group.name === expandedGroup
              const id = groupDomId(group.name)
              const title = group.name === OTHER_GROUP ? t('groups.other') : group.name
              return (
                <li key={group.name}>
                  <button
                    type="button"
                    id={`${id}-toggle`}
                    aria-expanded={open}
                    aria-controls={id}
                    onClick={() => onToggleGroup(group.name)}
                    className="flex w-full cursor-pointer items-start gap-2 rounded-md px-2 py-2 text-start hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <ChevronRight
                      aria-hidden="true"
                      className={cn(
                        'mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform',
                        open && 'rotate-90',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="font-medium">{title}</span>
                        <span className="text-xs text-muted-foreground tabular-nums">
                          {t('groups.count', { count: group.endpoints.length })}
                        </span>
                      </span>
                      {group.description && (
                        <span className="block text-xs text-muted-foreground">
                          {group.description}
                        </span>
                      )}
                    </span>
                  </button>
                  <ul id={id} hidden={!open} className="mt-1 mb-2 grid gap-0.5 ps-4">
                    {open &&
                      group.endpoints.map((endpoint) => {
                        const current = endpoint.id === selectedId
                        return (
                          <li key={endpoint.id}>
                            <Link
                              to="/developers/api/$id"
                              params={{ id: endpoint.id }}
                              resetScroll={false}
                              onClick={() => onSelect(endpoint.id)}
                              aria-current={current ? 'page' : undefined}
                              className={cn(
                                'flex items-start gap-2 rounded-md border-s-2 px-2 py-1.5 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                                current
                                  ? 'border-primary bg-accent text-foreground'
                                  : 'border-transparent text-muted-foreground hover:bg-accent hover:text-foreground',
                              )}
                            >
                              <MethodBadge method={endpoint.method} className="mt-px" />
                              <span className="min-w-0 flex-1">
                                <span
                                  className={cn(
                                    'block font-mono text-xs break-all text-foreground',
                                    endpoint.deprecated && 'line-through',
                                  )}
                                >
                                  {endpoint.path}
                                </span>
                                {endpoint.summary && (
                                  <span className="block text-xs">{endpoint.summary}</span>
                                )}
                              </span>
                            </Link>
                          </li>
                        )
                      })}
                  </ul>
                </li>
              )
            })}
          </ul>
        </nav>
      )}
    </div>
  )
}
