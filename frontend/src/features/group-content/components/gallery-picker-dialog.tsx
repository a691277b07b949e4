import { useTranslation } from 'react-i18next'
import { PagedList } from '@/components/paged-list.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import type { GalleryImage } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useGallery } from '../api/list-gallery.ts'

/**
 * The group's gallery as thumbnails, newest first, a page at a time: choosing one hands it to
 * `onPick` (which puts its Markdown at the caret) and closes. Each thumbnail is a button, so Tab
 * and Enter choose as a tap does.
 */
export function GalleryPickerDialog({
  groupId,
  onPick,
  onClose,
}: {
  groupId: string
  onPick: (image: GalleryImage) => void
  onClose: () => void
}) {
  const { t } = useTranslation('group-content')
  const gallery = useGallery(groupId)
  const images = gallery.data?.pages.flatMap((page) => page.images) ?? []
  return (
    <Modal
      open
      onClose={onClose}
      title={t('picker.title')}
      description={t('picker.description')}
      size="lg"
    >
      <PagedList
        query={gallery}
        itemCount={images.length}
        texts={{
          loading: t('loading'),
          loadFailed: (message) => t('picker.loadFailed', { message }),
          retry: t('retry'),
          empty: t('picker.empty'),
          loadMore: t('loadMore'),
        }}
      >
        <ul aria-label={t('picker.list')} className="grid grid-cols-3 gap-2 md:grid-cols-4">
          {images.map((image) => {
            const time = formatDateTime(image.createdAt)
            return (
              <li key={image.id}>
                <button
                  type="button"
                  aria-label={t('picker.choose', { time })}
                  onClick={() => {
                    onPick(image)
                    onClose()
                  }}
                  className="block aspect-square w-full overflow-hidden rounded-md border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none hover:opacity-90"
                >
                  <img
                    src={image.thumbnailUrl}
                    alt=""
                    width={image.thumbWidth}
                    height={image.thumbHeight}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </button>
              </li>
            )
          })}
        </ul>
      </PagedList>
    </Modal>
  )
}
