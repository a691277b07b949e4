// Starts app-server for the end-to-end tests: the built SPA (frontend/dist) over a brand-new
// SQLite database in a temporary folder, on the port Playwright waits for. The binary is the one
// `cargo build -p app-server` made (CARGO_TARGET_DIR is honoured).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startFakes } from './fakes.mjs'

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

const port = process.env.E2E_PORT ?? '4180'
const fakePort = Number(process.env.E2E_FAKE_PORT ?? '4181')
const fakes = startFakes(fakePort)
const fakeBase = `http://127.0.0.1:${fakePort}`

const dataDir = mkdtempSync(join(tmpdir(), 'courtyard-e2e-'))
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The real Aliyun and WeChat adapters, pointed at the local fakes (e2e/fakes.mjs).
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ENDPOINT: fakeBase,
  ALIYUN_SMS_ACCESS_KEY_ID: 'e2e-key-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'e2e-key-secret',
  ALIYUN_SMS_SIGN_NAME: '庭院',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_E2E',
  WECHAT_APP_ID: 'wx-e2e',
  WECHAT_APP_SECRET: 'e2e-wechat-secret',
  WECHAT_API_BASE: fakeBase,
  WECHAT_OAUTH_BASE: fakeBase,
  // The real OpenAI-compatible adapter against the fake model.
  LLM_BASE_URL: `${fakeBase}/v1`,
  LLM_API_KEY: 'e2e-llm-key',
  // Several tests send codes to fresh numbers from 127.0.0.1.
  RATE_SMS_PER_IP: '500/3600',
  // One code per number every 2 s instead of 60: the bind-then-log-in test sends twice to one
  // number (the client's own 60 s countdown is per browser and unaffected).
  RATE_SMS_RESEND: '1/2',
  DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}?mode=rwc`,
  STATIC_DIR: dist,
  // Every test registers fresh users from 127.0.0.1; keep the real limits but roomier.
  RATE_REGISTER_PER_IP: '200/3600',
  RATE_LOGIN_PER_IP: '500/900',
  RUST_LOG: process.env.RUST_LOG ?? 'warn',
}

// The admin the admin-console tests sign in as (the same CLI an operator uses).
const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' }
const made = spawnSync(binary, ['admin', 'create', '--username', E2E_ADMIN.username], {
  stdio: 'inherit',
  env: { ...env, COURTYARD_ADMIN_PASSWORD: E2E_ADMIN.password },
})
if (made.status !== 0) {
  console.error('creating the e2e administrator failed')
  process.exit(1)
}

const child = spawn(binary, ['serve'], { stdio: 'inherit', env })

const stop = () => {
  child.kill('SIGTERM')
  fakes.close()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
