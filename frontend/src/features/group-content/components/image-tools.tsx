import { ImagePlus, Images } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { GalleryPickerDialog } from './gallery-picker-dialog.tsx'
import { ImageFileInput } from './image-file-input.tsx'
import type { ImageUpload } from './use-image-upload.ts'

/**
 * "Add images" (files from the device, uploaded behind placeholders) and "From the gallery"
 * (an image the group already has) for a Markdown field and its `useImageUpload`.
 */
export function ImageTools({ upload }: { upload: ImageUpload }) {
  const { t } = useTranslation('group-content')
  const input = useRef<HTMLInputElement>(null)
  const [picking, setPicking] = useState(false)
  return (
    <>
      <ImageFileInput input={input} onFiles={upload.addImages} />
      <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden="true" />
        {t('editor.addImages')}
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
        <Images aria-hidden="true" />
        {t('picker.open')}
      </Button>
      {picking && (
        <GalleryPickerDialog
          groupId={upload.groupId}
          onPick={upload.addFromGallery}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  )
}
