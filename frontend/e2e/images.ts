// Test images for the specs: the PNG encoder (e2e/png.mjs, shared with bench/lighthouse.mjs) and
// files for `setInputFiles`.
import { png } from './png.mjs'

export { png }

/** A file for `setInputFiles`. */
export function pngFile(
  name: string,
  width = 320,
  height = 240,
  rgb: [number, number, number] = [60, 140, 90],
) {
  return { name, mimeType: 'image/png', buffer: png(width, height, rgb) }
}
