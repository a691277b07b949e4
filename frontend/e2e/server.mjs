// Starts app-server for the end-to-end tests: the built SPA (frontend/dist) over a brand-new
// SQLite database in a temporary folder, on the port Playwright waits for. The binary is the one
// `just app-server-for-tests` (or `cargo build -p app-server`) made (CARGO_TARGET_DIR is honoured), or E2E_BINARY's (the release
// build, for bench/lighthouse.mjs).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startFakes } from './fakes.mjs'

const root = resolve(import.meta.dirname, '..', '..')
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target')
const binary = process.env.E2E_BINARY ?? join(targetDir, 'debug', 'app-server')
if (!existsSync(binary)) {
  console.error(`app-server is not built at ${binary}: run \`just app-server-for-tests\` first`)
  process.exit(1)
}
// E2E_STATIC_DIR: a build of the SPA elsewhere, so that two runs on one clone need not share dist/.
const dist = process.env.E2E_STATIC_DIR ?? join(root, 'frontend', 'dist')
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`the SPA is not built at ${dist}: run \`npm run build\` first`)
  process.exit(1)
}

const port = process.env.E2E_PORT ?? '4180'
const fakePort = Number(process.env.E2E_FAKE_PORT ?? '4181')
const dataDir = mkdtempSync(join(tmpdir(), 'courtyard-e2e-'))
const dbFile = join(dataDir, 'e2e.db')

// Moves the sign-in of every session of a user back by `minutes` (and forgets any later
// re-authentication), as the API tests' `sign_in_ago` does: a test then has a session older
// than the re-authentication window (REAUTH_WINDOW_MINUTES, 10) without waiting it out. Only
// this script knows the database; Node 20 has no SQLite, so the machine's python3 writes it
// (WAL: the server's connection and this one do not block each other for long).
const SIGN_IN_AGO = `import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=10)
changed = db.execute(
    "UPDATE sessions SET created_at = ?, reauthenticated_at = NULL"
    " WHERE user_id = (SELECT id FROM users WHERE username = ?)",
    (sys.argv[2], sys.argv[3]),
).rowcount
db.commit()
print(changed)`
function signInAgo(query) {
  const username = query.get('username') ?? ''
  const minutes = Number(query.get('minutes'))
  if (!username || !(minutes > 0)) return [400, { error: 'username and minutes > 0, please' }]
  // The format the server writes: 2026-03-01T14:05:09.123000+00:00.
  const at = new Date(Date.now() - minutes * 60_000).toISOString().replace('Z', '000+00:00')
  const run = spawnSync('python3', ['-c', SIGN_IN_AGO, dbFile, at, username], { encoding: 'utf8' })
  if (run.status !== 0) return [500, { error: run.stderr || String(run.error) }]
  const sessions = Number(run.stdout.trim())
  return sessions > 0 ? [200, { sessions }] : [404, { error: `${username} has no session` }]
}

const fakes = startFakes(fakePort, { '/__e2e/sessions/sign-in-ago': signInAgo })
const fakeBase = `http://127.0.0.1:${fakePort}`

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
  // The real Open-Meteo adapter against the fake forecast API: no test reaches the internet.
  WEATHER_BASE_URL: fakeBase,
  // Several tests send codes to fresh numbers from 127.0.0.1.
  RATE_SMS_PER_IP: '500/3600',
  // One code per number every 2 s instead of 60: the bind-then-log-in test sends twice to one
  // number (the client's own 60 s countdown is per browser and unaffected).
  RATE_SMS_RESEND: '1/2',
  DATABASE_URL: `sqlite://${dbFile}?mode=rwc`,
  // Uploaded images go with the database (the default, data/media, would be under frontend/).
  MEDIA_DIR: join(dataDir, 'media'),
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
