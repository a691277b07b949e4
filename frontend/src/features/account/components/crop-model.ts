/**
 * The square crop of an avatar, in the image's own pixels: a square of side `size` centred at
 * (`cx`, `cy`), always wholly inside the image. Zoom 1 is the largest square that fits; zooming
 * in shrinks the square around its centre. Pure, so the dialog and its tests share it.
 */
export interface Crop {
  width: number
  height: number
  zoom: number
  cx: number
  cy: number
}

export const MIN_ZOOM = 1
export const MAX_ZOOM = 4
/** Keyboard steps: a pan moves a tenth of the square; a zoom step is 10 %. */
const PAN_STEP = 0.1
const ZOOM_STEP = 0.1
/** The side of the uploaded square, in pixels (the server thumbnails it further). */
export const OUTPUT_SIZE = 512

function cropSize(crop: Pick<Crop, 'width' | 'height' | 'zoom'>): number {
  return Math.min(crop.width, crop.height) / crop.zoom
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

/** Keeps the zoom in range and the square inside the image. */
function clampCrop(crop: Crop): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM)
  const half = cropSize({ ...crop, zoom }) / 2
  return {
    ...crop,
    zoom,
    cx: clamp(crop.cx, half, crop.width - half),
    cy: clamp(crop.cy, half, crop.height - half),
  }
}

/** The largest centred square. */
export function initialCrop(width: number, height: number): Crop {
  return { width, height, zoom: 1, cx: width / 2, cy: height / 2 }
}

export function zoomTo(crop: Crop, zoom: number): Crop {
  return clampCrop({ ...crop, zoom })
}

/** Moves the square by (dx, dy) image pixels. */
export function panBy(crop: Crop, dx: number, dy: number): Crop {
  return clampCrop({ ...crop, cx: crop.cx + dx, cy: crop.cy + dy })
}

/**
 * Dragging the picture by (dx, dy) screen pixels in a viewport `viewport` pixels wide moves the
 * square the other way (the picture follows the pointer).
 */
export function dragBy(crop: Crop, dx: number, dy: number, viewport: number): Crop {
  const scale = cropSize(crop) / viewport
  return panBy(crop, -dx * scale, -dy * scale)
}

/** What a key does to the crop; `null` for a key it ignores. */
export function cropByKey(crop: Crop, key: string): Crop | null {
  const step = cropSize(crop) * PAN_STEP
  switch (key) {
    case 'ArrowLeft':
      return panBy(crop, -step, 0)
    case 'ArrowRight':
      return panBy(crop, step, 0)
    case 'ArrowUp':
      return panBy(crop, 0, -step)
    case 'ArrowDown':
      return panBy(crop, 0, step)
    case '+':
    case '=':
      return zoomTo(crop, crop.zoom + ZOOM_STEP)
    case '-':
    case '_':
      return zoomTo(crop, crop.zoom - ZOOM_STEP)
    default:
      return null
  }
}

/** The source rectangle to draw into the output square (`drawImage`'s sx, sy, sw, sh). */
export function sourceRect(crop: Crop): { x: number; y: number; size: number } {
  const size = cropSize(crop)
  return { x: crop.cx - size / 2, y: crop.cy - size / 2, size }
}
