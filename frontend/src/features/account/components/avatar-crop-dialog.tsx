import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import {
  MAX_ZOOM,
  MIN_ZOOM,
  OUTPUT_SIZE,
  cropByKey,
  dragBy,
  initialCrop,
  sourceRect,
  zoomTo,
  type Crop,
} from './crop-model.ts'

/** The preview's side in CSS pixels. */
const VIEWPORT = 256

function draw(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, size: number) {
  const context = canvas.getContext('2d')
  if (!context) return
  const { x, y, size: side } = sourceRect(crop)
  context.clearRect(0, 0, size, size)
  context.drawImage(image, x, y, side, side, 0, 0, size, size)
}

/**
 * Crops a chosen picture square in the browser: drag it (or use the arrow keys) to move it
 * under the square, zoom with the slider (or + and −). The square is drawn at 512 px and handed
 * over as a PNG; the server re-encodes and thumbnails it.
 */
export function AvatarCropDialog({
  file,
  onCancel,
  onCropped,
}: {
  file: File
  onCancel: () => void
  onCropped: (square: Blob) => void
}) {
  const { t } = useTranslation('account')
  const hintId = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [image, setImage] = useState<HTMLImageElement | null>(null)
  const [crop, setCrop] = useState<Crop | null>(null)
  const [failed, setFailed] = useState(false)
  const drag = useRef<{ x: number; y: number } | null>(null)

  useEffect(() => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      setImage(img)
      setCrop(initialCrop(img.naturalWidth, img.naturalHeight))
    }
    img.onerror = () => setFailed(true)
    img.src = url
    return () => URL.revokeObjectURL(url)
  }, [file])

  useEffect(() => {
    if (canvas.current && image && crop) draw(canvas.current, image, crop, VIEWPORT * 2)
  }, [image, crop])

  const onKeyDown = (event: KeyboardEvent) => {
    if (!crop) return
    const next = cropByKey(crop, event.key)
    if (!next) return
    event.preventDefault()
    setCrop(next)
  }

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY }
  }
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !crop) return
    const width = event.currentTarget.getBoundingClientRect().width || VIEWPORT
    setCrop(dragBy(crop, event.clientX - drag.current.x, event.clientY - drag.current.y, width))
    drag.current = { x: event.clientX, y: event.clientY }
  }
  const endDrag = () => {
    drag.current = null
  }

  const confirm = () => {
    if (!image || !crop) return
    const output = document.createElement('canvas')
    output.width = OUTPUT_SIZE
    output.height = OUTPUT_SIZE
    draw(output, image, crop, OUTPUT_SIZE)
    output.toBlob((blob) => {
      if (blob) onCropped(blob)
      else setFailed(true)
    }, 'image/png')
  }

  return (
    <Modal
      open
      onClose={onCancel}
      title={t('avatar.cropTitle')}
      description={t('avatar.cropDescription')}
    >
      <div className="grid justify-items-center gap-4">
        {failed ? (
          <Alert>{t('avatar.notImage')}</Alert>
        ) : (
          <>
            <canvas
              ref={canvas}
              width={VIEWPORT * 2}
              height={VIEWPORT * 2}
              tabIndex={0}
              role="img"
              aria-label={t('avatar.cropArea')}
              aria-describedby={hintId}
              onKeyDown={onKeyDown}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              className="size-64 max-w-full cursor-move touch-none rounded-md border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
            <p id={hintId} className="text-center text-xs text-muted-foreground">
              {t('avatar.cropHint')}
            </p>
            <label className="grid w-64 max-w-full gap-1 text-sm font-medium">
              {t('avatar.zoom')}
              <input
                type="range"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.05}
                value={crop?.zoom ?? 1}
                onChange={(event) => crop && setCrop(zoomTo(crop, Number(event.target.value)))}
                className="accent-primary"
              />
            </label>
          </>
        )}
        <div className="flex w-full justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('avatar.cancel')}
          </Button>
          <Button type="button" onClick={confirm} disabled={!crop || failed}>
            {t('avatar.useCrop')}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
