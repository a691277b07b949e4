/** A `width` × `height` RGB PNG: 16-pixel squares of `rgb` and a darker shade of it. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer
