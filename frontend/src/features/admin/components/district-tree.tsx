import { ChevronRight, Pencil } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import type { District } from '@/lib/api/types.ts'
import { cn } from '@/lib/utils.ts'
import { useDistrictChildren } from '../api/list-districts.ts'
import { useDistrictSearch } from '../api/search-districts.ts'
import { ApiErrorAlert } from './api-error-alert.tsx'
import { districtNames } from './districts-model.ts'

type OnEdit = (district: District) => void

/** One district's row: its names, code and level, and an edit button. */
function DistrictRow({
  district,
  onEdit,
  toggle,
}: {
  district: District
  onEdit: OnEdit
  /** The disclosure button's props, for a district that may have divisions below. */
  toggle?: { expanded: boolean; controls: string; onToggle: () => void }
}) {
  const { t, i18n } = useTranslation('districts')
  const names = districtNames(district, i18n.language)
  const label = (
    <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-0.5 text-left">
      <span className="font-medium">{names.primary}</span>
      <span className="text-sm text-muted-foreground">{names.secondary}</span>
      <span className="font-mono text-xs text-muted-foreground">{district.code}</span>
    </span>
  )
  return (
    <div className="flex items-center gap-1 rounded-md py-0.5 pr-1 hover:bg-accent/50">
      {toggle ? (
        <button
          type="button"
          className="flex min-h-10 min-w-0 flex-1 cursor-pointer items-center gap-1.5 rounded-md px-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-expanded={toggle.expanded}
          aria-controls={toggle.controls}
          onClick={toggle.onToggle}
        >
          <ChevronRight
            aria-hidden="true"
            className={cn(
              'size-4 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none',
              toggle.expanded && 'rotate-90',
            )}
          />
          {label}
        </button>
      ) : (
        <div className="flex min-h-10 min-w-0 flex-1 items-center gap-1.5 px-1">
          <span className="size-4 shrink-0" aria-hidden="true" />
          {label}
        </div>
      )}
      <Badge tone="neutral" className="hidden sm:inline-flex">
        {t(`browse.levels.${district.level}`)}
      </Badge>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label={t('browse.edit', { name: names.primary })}
        title={t('browse.edit', { name: names.primary })}
        onClick={() => onEdit(district)}
      >
        <Pencil aria-hidden="true" />
      </Button>
    </div>
  )
}

function TreeNode({ district, onEdit }: { district: District; onEdit: OnEdit }) {
  const [expanded, setExpanded] = useState(false)
  const childrenId = useId()
  const leaf = district.level === 'county'
  return (
    <li>
      <DistrictRow
        district={district}
        onEdit={onEdit}
        toggle={
          leaf
            ? undefined
            : {
                expanded,
                controls: childrenId,
                onToggle: () => setExpanded((open) => !open),
              }
        }
      />
      {!leaf && expanded && (
        <div id={childrenId} className="ml-3 border-l pl-2 md:ml-4">
          <TreeLevel parent={district.code} onEdit={onEdit} />
        </div>
      )}
    </li>
  )
}

/** The divisions under `parent` (the provinces for `null`), loaded when shown. */
function TreeLevel({
  parent,
  onEdit,
  label,
}: {
  parent: string | null
  onEdit: OnEdit
  label?: string
}) {
  const { t } = useTranslation('districts')
  const children = useDistrictChildren(parent)
  if (children.isPending) {
    return (
      <div className="flex py-2 pl-2">
        <Spinner className="size-4 text-muted-foreground" />
      </div>
    )
  }
  if (children.isError) {
    return (
      <ApiErrorAlert
        error={children.error}
        title={t('browse.loadFailed')}
        onRetry={() => void children.refetch()}
        className="my-1"
      />
    )
  }
  const districts = children.data.pages.flatMap((page) => page.districts)
  if (districts.length === 0) {
    return <p className="py-2 pl-7 text-sm text-muted-foreground">{t('browse.noChildren')}</p>
  }
  return (
    <>
      <ul aria-label={label} className="grid">
        {districts.map((district) => (
          <TreeNode key={district.code} district={district} onEdit={onEdit} />
        ))}
      </ul>
      {children.hasNextPage && (
        <Button
          variant="link"
          size="sm"
          className="ml-7"
          disabled={children.isFetchingNextPage}
          onClick={() => void children.fetchNextPage()}
        >
          {t('browse.loadMore')}
        </Button>
      )}
    </>
  )
}

/**
 * The districts as a tree of disclosure buttons: a province opens to its cities, a city to its
 * counties, each level loaded when first opened (Tab and Enter or Space, like any button).
 */
export function DistrictTree({ onEdit }: { onEdit: OnEdit }) {
  const { t } = useTranslation('districts')
  return <TreeLevel parent={null} onEdit={onEdit} label={t('browse.treeLabel')} />
}

/** Every level's districts matching `q`, as a flat list. */
export function DistrictSearchResults({ q, onEdit }: { q: string; onEdit: OnEdit }) {
  const { t } = useTranslation('districts')
  const search = useDistrictSearch(q)
  if (search.isPending) {
    return (
      <div className="flex py-2 pl-2">
        <Spinner className="size-4 text-muted-foreground" />
      </div>
    )
  }
  if (search.isError) {
    return (
      <ApiErrorAlert
        error={search.error}
        title={t('browse.loadFailed')}
        onRetry={() => void search.refetch()}
      />
    )
  }
  const districts = search.data.pages.flatMap((page) => page.districts)
  if (districts.length === 0) {
    return <p className="py-2 text-sm text-muted-foreground">{t('browse.noResults', { q })}</p>
  }
  return (
    <>
      <ul aria-label={t('browse.resultsLabel')} className="grid">
        {districts.map((district) => (
          <li key={district.code}>
            <DistrictRow district={district} onEdit={onEdit} />
          </li>
        ))}
      </ul>
      {search.hasNextPage && (
        <Button
          variant="link"
          size="sm"
          disabled={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          {t('browse.loadMore')}
        </Button>
      )}
    </>
  )
}
