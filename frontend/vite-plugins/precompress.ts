import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|json|svg)$/

/**
 * Writes a brotli (quality 11) and a gzip -9 copy beside every script and stylesheet of
 * `dist/assets/`, which app-server sends to browsers that accept them (app-server/src/spa.rs,
 * `precompressed`). Compressing on the fly uses a fast level: the entry went over the wire as
 * 195 kB of gzip; -9 makes it 155 kB, brotli less, which a phone on a slow network fetches
 * before anything shows.
 */
export function precompress(): Plugin {
  let assets = ''
  return {
    name: 'courtyard-precompress',
    apply: 'build',
    configResolved(config) {
      assets = resolve(config.root, config.build.outDir, config.build.assetsDir)
    },
    writeBundle() {
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue
        const file = join(assets, name)
        const bytes = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        )
      }
    },
  }
}
