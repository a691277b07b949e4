// Test images made here, never downloaded: a PNG of a checkerboard in one colour, encoded with
// Node's zlib (IHDR, one IDAT, IEND), small and valid for the server's image decoder. Plain
// JavaScript so that bench/lighthouse.mjs (Node 20 runs no TypeScript) and the specs (through
// e2e/images.ts; types in png.d.mts) share it.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** @param {Buffer} bytes */
function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A `width` × `height` RGB PNG: 16-pixel squares of `rgb` and a darker shade of it. */
/**
 * @param {number} width @param {number} height @param {[number, number, number]} rgb
 * @returns {Buffer}
 */
export function png(width, height, [r, g, b]) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  const rows = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3) // filter byte 0, then the pixels
    for (let x = 0; x < width; x++) {
      const shade = ((x >> 4) + (y >> 4)) % 2 ? 1 : 0.8
      row[1 + x * 3] = r * shade
      row[2 + x * 3] = g * shade
      row[3 + x * 3] = b * shade
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
