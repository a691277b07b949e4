import { Link, useNavigate } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { ArrowLeft, BookOpen, FileJson, RotateCw } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { apiBaseUrl, errorMessage } from '@/lib/api-client.ts'
import type { Language } from '@/lib/i18n.ts'
import { cn } from '@/lib/utils.ts'
import { useApiDocs } from '../api/get-docs.ts'
import {
  effectiveExpandedGroup,
  effectiveSelection,
  filterGroups,
  groupEndpoints,
  toggleGroup,
} from '../browser-state.ts'
import { parseEndpoints, type ApiEndpoint } from '../openapi.ts'
import { expandedGroupAtom, searchQueryAtom, selectedIdAtom } from '../state.ts'
import { ApiOverview } from './api-overview.tsx'
import { EndpointDetail } from './endpoint-detail.tsx'
import { EndpointList } from './endpoint-list.tsx'
import { groupDomId } from './group-dom-id.ts'

/** The endpoint with this id; a hand-typed id may differ in case. */
function findEndpoint(endpoints: readonly ApiEndpoint[], id: string | null) {
  if (id === null) return undefined
  return (
    endpoints.find((endpoint) => endpoint.id === id) ??
    endpoints.find((endpoint) => endpoint.id.toLowerCase() === id.toLowerCase())
  )
}

/**
 * The API docs browser (spec §2.4, §4.4) over `GET /api/docs.json`. List view
 * (`/developers/api`): on desktop the groups on the left and the selected endpoint on the right;
 * on phones the groups alone. Detail view (`/developers/api/$id`): the same on desktop; on
 * phones the endpoint alone with a way back to the list.
 */
export function ApiDocsPage({ endpointId }: { endpointId?: string }) {
  const { t, i18n } = useTranslation('apidocs')
  const language: Language = i18n.resolvedLanguage === 'zh' ? 'zh' : 'en'
  const navigate = useNavigate()
  const docsQuery = useApiDocs(language)
  // On failure the error is kept and docs, groups and selection are cleared (spec §4.4).
  const docs = docsQuery.isError ? undefined : docsQuery.data
  const endpoints = useMemo(() => (docs ? parseEndpoints(docs) : []), [docs])
  const groups = useMemo(() => groupEndpoints(endpoints, docs?.tags), [endpoints, docs])

  const [searchQuery, setSearchQuery] = useAtom(searchQueryAtom)
  const [chosenId, setChosenId] = useAtom(selectedIdAtom)
  const [chosenGroup, setChosenGroup] = useAtom(expandedGroupAtom)
  const searching = searchQuery.trim() !== ''
  const visible = useMemo(() => filterGroups(groups, searchQuery), [groups, searchQuery])

  const view = endpointId === undefined ? 'list' : 'detail'
  const selected =
    view === 'detail'
      ? findEndpoint(endpoints, endpointId ?? null)
      : findEndpoint(endpoints, effectiveSelection(groups, chosenId))
  const selectedId = selected?.id ?? null
  const expandedGroup = effectiveExpandedGroup(
    visible,
    { selectedId, expandedGroup: chosenGroup },
    searching,
  )

  const failed = docsQuery.isError
  useEffect(() => {
    if (!failed) return
    setChosenId(null)
    setChosenGroup(undefined)
  }, [failed, setChosenId, setChosenGroup])

  const onToggleGroup = (name: string) => {
    const next = toggleGroup(visible, { selectedId, expandedGroup }, name)
    setChosenGroup(next.expandedGroup)
    setChosenId(next.selectedId)
    if (view === 'detail' && next.selectedId !== null && next.selectedId !== selectedId) {
      void navigate({
        to: '/developers/api/$id',
        params: { id: next.selectedId },
        resetScroll: false,
      })
    }
  }

  const refresh = () => void docsQuery.refetch()

  // From the overview: open the group in the list and bring it into view (no endpoint is
  // chosen, so nothing is one click away from being sent).
  const openGroup = (name: string) => {
    setSearchQuery('')
    setChosenGroup(name)
    requestAnimationFrame(() => {
      const toggle = document.getElementById(`${groupDomId(name)}-toggle`)
      toggle?.scrollIntoView?.({ block: 'nearest' })
      toggle?.focus({ preventScroll: true })
    })
  }
  const overview = docs && <ApiOverview docs={docs} groups={groups} onOpenGroup={openGroup} />

  return (
    <div className="grid gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {docs?.info?.title
              ? t('subtitle', { title: docs.info.title, version: docs.info.version ?? '' })
              : t('intro')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" asChild>
            <a href={`${apiBaseUrl()}/api/docs.json`} target="_blank" rel="noopener noreferrer">
              <FileJson aria-hidden="true" />
              {t('openJson')}
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={refresh}
            disabled={docsQuery.isFetching}
            aria-busy={docsQuery.isFetching || undefined}
          >
            <RotateCw aria-hidden="true" className={cn(docsQuery.isFetching && 'animate-spin')} />
            {t('refresh')}
          </Button>
        </div>
      </header>

      {docsQuery.isError && (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('loadFailed', { reason: errorMessage(docsQuery.error) })}</span>
          <Button variant="outline" size="xs" onClick={refresh} loading={docsQuery.isFetching}>
            {t('retry')}
          </Button>
        </Alert>
      )}

      {docsQuery.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('loading')}
        </p>
      ) : (
        docs && (
          <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] xl:grid-cols-[19rem_minmax(0,1fr)]">
            <aside
              aria-label={t('groups.label')}
              className={cn(
                'lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pe-1',
                view === 'detail' && 'hidden lg:block',
              )}
            >
              {view === 'list' && !selected && docs && (
                <div className="mb-5 lg:hidden">
                  <ApiOverview
                    docs={docs}
                    groups={groups}
                    onOpenGroup={openGroup}
                    showTags={false}
                  />
                </div>
              )}
              <div className="mb-2 hidden lg:block">
                <Button
                  variant={selected ? 'ghost' : 'secondary'}
                  size="sm"
                  asChild
                  className="w-full justify-start"
                >
                  <Link
                    to="/developers/api"
                    aria-current={view === 'list' && !selected ? 'page' : undefined}
                    onClick={() => setChosenId(null)}
                  >
                    <BookOpen aria-hidden="true" />
                    {t('overview.link')}
                  </Link>
                </Button>
              </div>
              <EndpointList
                groups={visible}
                searchQuery={searchQuery}
                onSearch={(query) => {
                  setSearchQuery(query)
                  // A new search opens the first group with matches, not the old choice.
                  setChosenGroup(undefined)
                }}
                expandedGroup={expandedGroup}
                selectedId={selectedId}
                onToggleGroup={onToggleGroup}
                onSelect={setChosenId}
              />
            </aside>
            <div className={cn('min-w-0', view === 'list' && 'hidden lg:block')}>
              {view === 'detail' && (
                <Button variant="ghost" size="sm" asChild className="-ms-2 mb-3 lg:hidden">
                  <Link to="/developers/api">
                    <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
                    {t('backToList')}
                  </Link>
                </Button>
              )}
              {selected ? (
                <EndpointDetail key={selected.id} endpoint={selected} />
              ) : view === 'detail' ? (
                <div className="rounded-xl border p-6">
                  <h2 className="text-lg font-semibold">{t('notFound.title')}</h2>
                  <p className="mt-1 text-sm break-all text-muted-foreground">
                    {t('notFound.description', { id: endpointId })}
                  </p>
                  <Button asChild variant="outline" size="sm" className="mt-4">
                    <Link to="/developers/api">{t('backToList')}</Link>
                  </Button>
                </div>
              ) : endpoints.length > 0 ? (
                overview
              ) : (
                <p className="text-sm text-muted-foreground">{t('empty')}</p>
              )}
            </div>
          </div>
        )
      )}
    </div>
  )
}
