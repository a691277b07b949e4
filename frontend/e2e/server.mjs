// Starts app-server for the end-to-end tests: the built SPA (frontend/dist) over a brand-new
// SQLite database in a temporary folder, on the port Playwright waits for. The binary is the one
// `cargo build -p app-server` made (CARGO_TARGET_DIR is honoured).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target')
const binary = join(targetDir, 'debug', 'app-server')
if (!existsSync(binary)) {
  console.error(`app-server is not built at ${binary}: run \`cargo build -p app-server\` first`)
  process.exit(1)
}
const dist = join(root, 'frontend', 'dist')
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`the SPA is not built at ${dist}: run \`npm run build\` first`)
  process.exit(1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'courtyard-e2e-'))
const child = spawn(binary, ['serve'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '4180',
    DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}?mode=rwc`,
    STATIC_DIR: dist,
    // Every test registers fresh users from 127.0.0.1; keep the real limits but roomier.
    RATE_REGISTER_PER_IP: '200/3600',
    RATE_LOGIN_PER_IP: '500/900',
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
  },
})

const stop = () => {
  child.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
