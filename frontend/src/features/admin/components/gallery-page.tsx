import { Eye, EyeOff, FolderOpen, ImageOff, Trash2, User, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { PagedList } from '@/components/paged-list.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select } from '@/components/ui/select.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { AdminMedia, AdminMediaKind } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatDateTime, formatNumber } from '@/lib/format.ts'
import { displayLanguage, intlLocale } from '@/lib/i18n.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { useDeleteMedia } from '../api/delete-media.ts'
import { useSetMediaHidden } from '../api/hide-media.ts'
import { useMedia } from '../api/list-media.ts'
import { NameFilterField } from './name-filter.tsx'
import {
  hasFilters,
  humanBytes,
  MEDIA_KINDS,
  NO_FILTERS,
  rangeError,
  type GalleryFilters,
  type NamedFilter,
} from './gallery-model.ts'

function bytes(n: number): string {
  return humanBytes(n, intlLocale(displayLanguage()))
}

/**
 * `/admin/gallery`: every stored image as a grid of thumbnails, filtered by kind, owner, group
 * and date, newest first with "load more"; the total storage used; each image hidden, shown
 * again or deleted (after the app's confirm dialog). Hidden images stay here, marked.
 */
export function GalleryPage() {
  const { t } = useTranslation('gallery')
  const [filters, setFilters] = useState<GalleryFilters>(NO_FILTERS)
  const invalidRange = rangeError(filters)
  const media = useMedia(filters, invalidRange === null)
  const items = useMemo(() => media.data?.pages.flatMap((page) => page.items) ?? [], [media.data])
  const usage = media.data?.pages[0]?.usage
  const set = (patch: Partial<GalleryFilters>) => setFilters((f) => ({ ...f, ...patch }))

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="rounded-lg border bg-card px-4 py-2 text-sm" aria-live="polite">
            <span className="text-muted-foreground">{t('usage.label')}</span>{' '}
            <span className="font-semibold tabular-nums" data-testid="storage-used">
              {usage
                ? t('usage.value', { size: bytes(usage.bytes), count: usage.files })
                : t('usage.loading')}
            </span>
          </div>
        }
      />
      <GalleryFilterForm filters={filters} onChange={set} onClear={() => setFilters(NO_FILTERS)} />
      <section aria-label={t('list.label')}>
        <PagedList
          query={media}
          itemCount={items.length}
          enabled={invalidRange === null}
          texts={{
            loading: t('list.loading'),
            loadFailed: (message: string) => t('list.loadFailed', { message }),
            retry: t('list.retry'),
            empty: t('list.empty'),
            loadMore: t('list.loadMore'),
          }}
        >
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 2xl:grid-cols-5">
            {items.map((item) => (
              <MediaTile
                key={item.id}
                item={item}
                onOwner={(owner) => set({ owner })}
                onGroup={(group) => set({ group })}
              />
            ))}
          </ul>
        </PagedList>
      </section>
    </div>
  )
}

function GalleryFilterForm({
  filters,
  onChange,
  onClear,
}: {
  filters: GalleryFilters
  onChange: (patch: Partial<GalleryFilters>) => void
  onClear: () => void
}) {
  const { t } = useTranslation('gallery')
  const invalidRange = rangeError(filters)
  const chips = [
    filters.owner && {
      key: 'owner',
      label: t('filters.byOwner', { name: filters.owner.name }),
      clear: () => onChange({ owner: null }),
    },
    filters.group && {
      key: 'group',
      label: t('filters.byGroup', { name: filters.group.name }),
      clear: () => onChange({ group: null }),
    },
  ].filter((chip) => !!chip)
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('filters.title')}</CardTitle>
        {hasFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field label={t('filters.kind')}>
          {(control) => (
            <Select
              {...control}
              value={filters.kind ?? ''}
              onChange={(event) =>
                onChange({ kind: (event.target.value || null) as AdminMediaKind | null })
              }
            >
              <option value="">{t('kinds.all')}</option>
              {MEDIA_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <NameFilterField
          kind="users"
          label={t('filters.owner')}
          value={filters.owner}
          onChange={(owner) => onChange({ owner })}
        />
        <NameFilterField
          kind="groups"
          label={t('filters.group')}
          value={filters.group}
          onChange={(group) => onChange({ group })}
        />
        <Field label={t('filters.from')}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.from}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('filters.to')} error={invalidRange ? t('filters.invalidRange') : undefined}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.to}
              onChange={(event) => onChange({ to: event.target.value })}
            />
          )}
        </Field>
      </div>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Badge tone="info" className="gap-1 py-1 ps-3 pe-1 text-sm">
                {chip.label}
                <button
                  type="button"
                  onClick={chip.clear}
                  aria-label={t('filters.removeFilter', { filter: chip.label })}
                  className="rounded-full p-0.5 hover:bg-info/15 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function MediaTile({
  item,
  onOwner,
  onGroup,
}: {
  item: AdminMedia
  onOwner: (owner: NamedFilter) => void
  onGroup: (group: NamedFilter) => void
}) {
  const { t } = useTranslation('gallery')
  const toast = useToast()
  const confirm = useConfirm()
  const setHidden = useSetMediaHidden()
  const remove = useDeleteMedia()
  const hidden = item.hiddenAt !== null
  const ownerName = item.owner.nickname || item.owner.username
  const kind = t(`kinds.${item.kind}`)
  const date = formatDateTime(item.createdAt)
  const label = t('item.label', { kind, owner: ownerName, date })

  const toggleHidden = () =>
    setHidden.mutate(
      { id: item.id, hidden: !hidden },
      {
        onSuccess: () => toast.success(t(hidden ? 'toast.unhidden' : 'toast.hidden')),
        onError: (error) => toast.error(errorMessage(error)),
      },
    )
  const askDelete = () =>
    confirm({
      title: t('confirm.deleteTitle'),
      description: t('confirm.deleteDescription'),
      confirmLabel: t('confirm.delete'),
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync(item.id).then(
          () => toast.success(t('toast.deleted')),
          (error: unknown) => toast.error(errorMessage(error)),
        ),
    })

  return (
    <li
      aria-label={label}
      data-media-id={item.id}
      className={cn(
        'flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card',
        hidden && 'border-dashed',
      )}
    >
      <a
        href={item.url}
        target="_blank"
        rel="noreferrer"
        className="relative block aspect-[4/3] shrink-0 overflow-hidden bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        <img
          src={item.thumbnailUrl}
          alt={label}
          loading="lazy"
          decoding="async"
          className={cn(
            'absolute inset-0 size-full object-cover',
            hidden && 'opacity-40 grayscale',
          )}
        />
        <span className="absolute start-2 top-2 flex flex-wrap gap-1">
          <Badge tone="neutral" className="bg-background/90">
            {kind}
          </Badge>
          {hidden && (
            <Badge tone="warning">
              <EyeOff aria-hidden="true" className="size-3" />
              {t('item.hidden')}
            </Badge>
          )}
          {!item.attached && <Badge tone="info">{t('item.unattached')}</Badge>}
        </span>
      </a>
      <div className="grid flex-1 content-start gap-1.5 p-3 text-sm">
        <button
          type="button"
          onClick={() => onOwner({ id: item.owner.id, name: ownerName })}
          title={t('item.owner', { name: ownerName })}
          className="flex min-w-0 items-center gap-1.5 text-start font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <User aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">
            {ownerName}
            <span className="text-muted-foreground"> @{item.owner.username}</span>
          </span>
          <span className="sr-only">{t('item.owner', { name: ownerName })}</span>
        </button>
        {item.groupId ? (
          <button
            type="button"
            onClick={() =>
              item.groupId && onGroup({ id: item.groupId, name: item.groupName ?? item.groupId })
            }
            title={t('item.group', { name: item.groupName ?? item.groupId })}
            className="flex min-w-0 items-center gap-1.5 text-start hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <FolderOpen aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{item.groupName ?? item.groupId}</span>
            <span className="sr-only">
              {t('item.group', { name: item.groupName ?? item.groupId })}
            </span>
          </button>
        ) : (
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-4 shrink-0" />
            {item.postId ? t('item.inPost') : t('item.noGroup')}
          </p>
        )}
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('item.size', {
            width: formatNumber(item.width),
            height: formatNumber(item.height),
            bytes: bytes(item.bytes),
          })}
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>{date}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 border-t p-2">
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          loading={setHidden.isPending}
          onClick={toggleHidden}
          aria-label={`${t(hidden ? 'item.unhide' : 'item.hide')}: ${label}`}
        >
          {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {t(hidden ? 'item.unhide' : 'item.hide')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-error"
          onClick={askDelete}
          aria-label={`${t('item.delete')}: ${label}`}
        >
          <Trash2 aria-hidden="true" />
          {t('item.delete')}
        </Button>
      </div>
    </li>
  )
}
