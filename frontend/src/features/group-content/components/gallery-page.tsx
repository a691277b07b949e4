import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import {
  CircleAlert,
  CircleCheck,
  ImageIcon,
  ImagePlus,
  RotateCw,
  Trash2,
  Upload,
} from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Lightbox } from '@/components/lightbox.tsx'
import { Button } from '@/components/ui/button.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { groupKey, useGroup } from '@/lib/api/get-group.ts'
import type { GalleryImage, ResponseBody } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatDateTime, formatNumber } from '@/lib/format.ts'
import { useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useFileDrop } from '@/lib/file-drop.ts'
import { useUploadQueue, type UploadItem } from '@/lib/upload-queue.ts'
import { cn } from '@/lib/utils.ts'
import { useDeleteImage } from '../api/delete-image.ts'
import { contentKeys } from '../api/keys.ts'
import { useGallery } from '../api/list-gallery.ts'
import { uploadImage } from '../api/upload-image.ts'
import { PARALLEL_UPLOADS } from '../rules.ts'
import { ImageFileInput } from './image-file-input.tsx'
import { isMembersOnly } from '../errors.ts'
import { LoadFailed, Loading, MembersOnly } from './states.tsx'

type GalleryPage = ResponseBody<'/api/groups/{id}/gallery', 'get'>

/** A tile's shape: its thumbnail's, within these bounds (a panorama is cropped, not a sliver). */
const MIN_RATIO = 0.5
const MAX_RATIO = 2.5

function ratioOf(image: GalleryImage): number {
  const ratio =
    image.thumbWidth > 0 && image.thumbHeight > 0
      ? image.thumbWidth / image.thumbHeight
      : image.width > 0 && image.height > 0
        ? image.width / image.height
        : 1
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio))
}

/**
 * `/group/{groupId}/gallery`: the group's images as thumbnails in justified rows (each keeps its
 * aspect ratio), newest first; members upload several at once, each with its own progress bar;
 * a lightbox shows one at full size. Uploaders delete their own images, managers any; anyone
 * signed in reports someone else's from the lightbox.
 */
export function GalleryPage({ groupId }: { groupId: string }) {
  const { t } = useTranslation('group-content')
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const { user } = useSession()
  const group = useGroup(groupId).data?.group
  const isMember = Boolean(user) && group?.membership?.state === 'active'
  const gallery = useGallery(groupId, group?.canRead !== false)
  const remove = useDeleteImage(groupId)
  const [open, setOpen] = useState<number | null>(null)
  // Where → should go once the next page is in (the lightbox was at the last loaded image).
  const [pendingNext, setPendingNext] = useState<number | null>(null)

  const images = useMemo(() => {
    const seen = new Set<string>()
    const list: GalleryImage[] = []
    for (const page of gallery.data?.pages ?? []) {
      for (const image of page.images) {
        if (seen.has(image.id)) continue
        seen.add(image.id)
        list.push(image)
      }
    }
    return list
  }, [gallery.data])

  const uploads = useUploadQueue<GalleryImage>({
    upload: (file, options) => uploadImage(groupId, file, options),
    parallel: PARALLEL_UPLOADS,
    onUploaded: (image) => {
      // The new image goes first at once; the group home's preview refetches.
      queryClient.setQueryData<InfiniteData<GalleryPage>>(contentKeys.gallery(groupId), (data) => {
        if (!data) return data
        const [first, ...rest] = data.pages
        if (!first) return data
        return { ...data, pages: [{ ...first, images: [image, ...first.images] }, ...rest] }
      })
      void queryClient.invalidateQueries({ queryKey: groupKey(groupId), exact: true })
    },
  })

  const canDelete = (image: GalleryImage) =>
    Boolean(user) && (image.ownerId === user?.id || group?.canManage === true)
  const canReport = (image: GalleryImage) => Boolean(user) && image.ownerId !== user?.id

  const askDelete = (image: GalleryImage) =>
    confirm({
      title: t('gallery.delete.title'),
      description: t('gallery.delete.body'),
      confirmLabel: t('gallery.delete.confirm'),
      destructive: true,
      onConfirm: async () => {
        const position = images.findIndex((known) => known.id === image.id)
        try {
          await remove.mutateAsync(image.id)
        } catch (error) {
          toast.error(errorMessage(error))
          return
        }
        toast.success(t('gallery.delete.done'))
        // The lightbox stays open on the image that took its place, if any.
        if (open !== null) {
          const left = images.length - 1
          setOpen(left === 0 ? null : Math.min(position, left - 1))
        }
      },
    })

  const nextPage = () => {
    if (gallery.isFetchingNextPage) return
    setPendingNext(images.length)
    void gallery.fetchNextPage()
  }
  // The next page arrived while the lightbox waited at the end: move on to its first image.
  if (pendingNext !== null && images.length > pendingNext && !gallery.isFetchingNextPage) {
    setPendingNext(null)
    if (open !== null) setOpen(pendingNext)
  }

  const membersOnly = group?.canRead === false || isMembersOnly(gallery.error)

  return (
    <section aria-labelledby="gallery-title" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gallery-title" className="text-xl font-semibold">
          {t('gallery.title')}
        </h2>
      </header>

      {membersOnly ? (
        <MembersOnly groupId={groupId} />
      ) : (
        <>
          {isMember && <Uploader onFiles={uploads.add} />}
          {uploads.items.length > 0 && (
            <UploadList
              items={uploads.items}
              onRetry={uploads.retry}
              onClear={uploads.clearFinished}
            />
          )}

          {gallery.isPending ? (
            <Loading />
          ) : gallery.isError ? (
            <LoadFailed error={gallery.error} onRetry={() => void gallery.refetch()} />
          ) : images.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center text-muted-foreground">
              <ImageIcon aria-hidden="true" className="size-8" />
              <p>{isMember ? t('gallery.emptyMember') : t('gallery.empty')}</p>
            </div>
          ) : (
            <>
              <ul
                aria-label={t('gallery.grid')}
                className="flex flex-wrap gap-1.5 [--row:7rem] after:grow-[1000] after:content-[''] md:gap-2 md:[--row:11rem]"
              >
                {images.map((image, index) => {
                  const ratio = ratioOf(image)
                  return (
                    <li
                      key={image.id}
                      className="relative"
                      style={{ flexGrow: ratio, flexBasis: `calc(var(--row) * ${ratio})` }}
                    >
                      <button
                        type="button"
                        onClick={() => setOpen(index)}
                        className="group block w-full overflow-hidden rounded-md bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
                        style={{ aspectRatio: ratio }}
                      >
                        <img
                          src={image.thumbnailUrl}
                          alt={t('gallery.alt', { time: formatDateTime(image.createdAt) })}
                          width={image.thumbWidth || undefined}
                          height={image.thumbHeight || undefined}
                          loading="lazy"
                          decoding="async"
                          className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
                        />
                      </button>
                    </li>
                  )
                })}
              </ul>
              {gallery.hasNextPage && (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    loading={gallery.isFetchingNextPage}
                    onClick={() => void gallery.fetchNextPage()}
                  >
                    {t('loadMore')}
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}

      {open !== null && images[open] && (
        <Lightbox
          images={images}
          index={open}
          hasMore={gallery.hasNextPage}
          onIndexChange={setOpen}
          onNextPage={nextPage}
          onClose={() => setOpen(null)}
          alt={(image) => t('gallery.alt', { time: formatDateTime(image.createdAt) })}
          caption={(image) => (
            <time dateTime={image.createdAt}>{formatDateTime(image.createdAt)}</time>
          )}
          canReport={canReport}
          actions={(image) =>
            canDelete(image) && (
              <Button
                variant="destructive-ghost"
                size="sm"
                onClick={() => askDelete(image)}
                aria-label={t('gallery.delete.button')}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden md:inline">{t('gallery.delete.button')}</span>
              </Button>
            )
          }
        />
      )}
    </section>
  )
}

/** A drop zone with a file picker: any number of images at once. */
function Uploader({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('group-content')
  const input = useRef<HTMLInputElement>(null)
  const { over, dropProps } = useFileDrop(onFiles)

  return (
    <div
      {...dropProps}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors md:flex-row md:text-start',
        over ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <Upload aria-hidden="true" className="size-7 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('gallery.upload.drop')}</p>
        <p className="text-sm text-muted-foreground">{t('gallery.upload.kinds')}</p>
      </div>
      <ImageFileInput input={input} onFiles={onFiles} />
      <Button onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden="true" />
        {t('gallery.upload.choose')}
      </Button>
    </div>
  )
}

/** One row per file: its name, a progress bar and how it went. */
function UploadList({
  items,
  onRetry,
  onClear,
}: {
  items: readonly UploadItem<GalleryImage>[]
  onRetry: (id: string) => void
  onClear: () => void
}) {
  const { t } = useTranslation('group-content')
  const finished = items.some((item) => item.state === 'done' || item.state === 'failed')
  return (
    <section aria-labelledby="uploads-title" className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="uploads-title" className="text-sm font-semibold">
          {t('gallery.upload.title')}
        </h3>
        {finished && (
          <Button variant="ghost" size="xs" onClick={onClear}>
            {t('gallery.upload.clear')}
          </Button>
        )}
      </div>
      <ul className="grid gap-3">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onRetry={() => onRetry(item.id)} />
        ))}
      </ul>
    </section>
  )
}

function UploadRow({ item, onRetry }: { item: UploadItem<GalleryImage>; onRetry: () => void }) {
  const { t } = useTranslation('group-content')
  const percent =
    item.state === 'done'
      ? 100
      : item.total > 0
        ? Math.min(100, Math.round((item.loaded / item.total) * 100))
        : 0
  const status =
    item.state === 'queued'
      ? t('gallery.upload.queued')
      : item.state === 'uploading'
        ? t('gallery.upload.percent', { percent: formatNumber(percent) })
        : item.state === 'done'
          ? t('gallery.upload.done')
          : t('gallery.upload.failed')
  return (
    <li className="grid gap-1.5">
      <div className="flex items-center gap-2 text-sm">
        {item.state === 'done' && (
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
        )}
        {item.state === 'failed' && (
          <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-error" />
        )}
        <span className="min-w-0 flex-1 truncate font-medium">{item.name}</span>
        <span
          className={cn(
            'shrink-0 tabular-nums',
            item.state === 'failed' ? 'text-error' : 'text-muted-foreground',
          )}
        >
          {status}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={item.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={status}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-200',
            item.state === 'failed' ? 'bg-error' : 'bg-primary',
          )}
          style={{ width: `${item.state === 'failed' ? 100 : percent}%` }}
        />
      </div>
      {item.state === 'failed' && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p role="alert" className="text-error">
            {item.message}
          </p>
          <Button variant="outline" size="xs" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {t('retry')}
          </Button>
        </div>
      )}
    </li>
  )
}
