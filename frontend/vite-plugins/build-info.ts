import { randomBytes } from 'node:crypto'
import type { Plugin } from 'vite'

/** Where the descriptor lands inside `dist/`; the app polls the same path. */
export const LATEST_BUILD_FILE = 'build/latest.json'

export interface BuildInfo {
  buildId: string
  builtAt: string
}

/**
 * Gives every production build an id, bakes it into the bundle as `__BUILD_ID__` and writes
 * `dist/build/latest.json` so running tabs can notice that a newer build was deployed (spec §4.8).
 * `COURTYARD_BUILD_ID` (for example a git sha from CI) overrides the generated id.
 */
export function buildInfo(): Plugin {
  let info: BuildInfo = { buildId: 'dev', builtAt: new Date().toISOString() }
  return {
    name: 'courtyard-build-info',
    config(_config, { command }) {
      if (command === 'build') {
        const builtAt = new Date()
        info = {
          buildId:
            process.env.COURTYARD_BUILD_ID ||
            `${builtAt.getTime().toString(36)}-${randomBytes(4).toString('hex')}`,
          builtAt: builtAt.toISOString(),
        }
      }
      return { define: { __BUILD_ID__: JSON.stringify(info.buildId) } }
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: LATEST_BUILD_FILE,
        source: `${JSON.stringify(info, null, 2)}\n`,
      })
    },
  }
}
