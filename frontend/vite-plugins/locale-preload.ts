import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'

/** The line of `public/preferences.js` that the build fills in. */
export const LOCALE_CHUNKS_PLACEHOLDER = 'var localeChunks = {} // filled in by the build'

/** Each language's message chunk: `src/locales/<language>/index.ts`. */
const LOCALE_ENTRY = /\/src\/locales\/(\w+)\/index\.ts$/

/**
 * The app renders nothing before its messages are there (main.tsx awaits them), and it asks for
 * them only once its own code has arrived and run: one more round trip before the first paint.
 * `public/preferences.js` already knows the language before the app starts; this writes each
 * language's message chunk into its copy in `dist/`, so that it adds a `modulepreload` for the
 * one it picked and both load side by side. The dev server keeps the empty map (no preload).
 */
export function localePreload(): Plugin {
  const chunks: Record<string, string> = {}
  let outDir = 'dist'
  let base = '/'
  return {
    name: 'courtyard-locale-preload',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      base = config.base
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.facadeModuleId) continue
        const language = LOCALE_ENTRY.exec(output.facadeModuleId)?.[1]
        if (language) chunks[language] = `${base}${output.fileName}`
      }
    },
    writeBundle() {
      const file = join(outDir, 'preferences.js')
      const script = readFileSync(file, 'utf8')
      if (!script.includes(LOCALE_CHUNKS_PLACEHOLDER)) {
        throw new Error(`${file} lacks the line \`${LOCALE_CHUNKS_PLACEHOLDER}\``)
      }
      if (!chunks.en || !chunks.zh) {
        throw new Error(`no message chunk found for en and zh (found ${JSON.stringify(chunks)})`)
      }
      writeFileSync(
        file,
        script.replace(
          LOCALE_CHUNKS_PLACEHOLDER,
          `var localeChunks = ${JSON.stringify(chunks)} // filled in by the build`,
        ),
      )
    },
  }
}
