// Page speed and weight (docs/benchmarks.md, "Page speed and weight (Lighthouse)"): Lighthouse
// (the npm package, simulated throttling as it comes) in Debian's Chromium on six pages, the
// mobile and the desktop preset, each run LIGHTHOUSE_RUNS times (default 3) and the median run
// kept. Prints one row per page and form factor with every figure against its target (✓/✗) and
// exits non-zero when one is missed. Builds nothing: `just bench-web` builds the SPA and the
// release app-server first.
//
// The server is e2e/server.mjs's: the built SPA (frontend/dist) over a brand-new SQLite file, the
// local fakes for the outside services (no network), on free ports. The binary is the release
// build ($CARGO_TARGET_DIR/release/app-server), what a person runs; LIGHTHOUSE_PROFILE=debug
// takes the debug build instead (the table says which). Before measuring, one person registers
// through the API and makes what the pages show: a public group with a cover, gallery images and
// a published article, and a plaza post with an image; the pages are `/`, the plaza, the group, the
// article, that person's profile and the API docs. Lighthouse visits signed out, with an
// empty cache, in English (Chromium's language here).
//
// Initial JS is what the page's HTML asks for before any script runs (the entry module and its
// modulepreloads), gzip -9 as `npm run size` counts it: the same for every page of the SPA.
// "All JS" is every script the page fetched in the run (lazy route chunks, messages, …), also
// gzip -9 of the built file, so the figures do not depend on the server's compression.
//
// A busy machine slows Lighthouse's trace and so its simulated timings: the last lines say how
// much CPU other processes (not this script, Chromium or app-server) used during the runs.
import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { png } from '../e2e/png.mjs'

const frontend = resolve(import.meta.dirname, '..')
const root = resolve(frontend, '..')
const dist = process.env.E2E_STATIC_DIR ?? join(frontend, 'dist')
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const PROFILE = process.env.LIGHTHOUSE_PROFILE ?? 'release'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** LIGHTHOUSE_PAGES=/plaza,/developers/api and LIGHTHOUSE_FORMS=mobile measure a part only. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',')
const FORMS = process.env.LIGHTHOUSE_FORMS?.split(',') ?? ['mobile', 'desktop']
/** A folder for each row's median report (JSON, open it in the Lighthouse viewer). */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR
const KB = 1000

/** The targets of issues 15 and 21. LCP and TBT: Lighthouse's own "good" marks per form factor. */
const TARGETS = {
  mobile: { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.02 },
  desktop: { score: 98, lcpMs: 1200, tbtMs: 150, cls: 0.02 },
}
/** Issue 21's budget for the JS a page loads before anything runs (scripts/size.mjs too). */
const INITIAL_JS_BUDGET = 150 * KB

// ---------------------------------------------------------------------------------------------
// The server

const binary = join(
  process.env.CARGO_TARGET_DIR ?? join(root, 'target'),
  PROFILE === 'debug' ? 'debug' : 'release',
  'app-server',
)
if (!existsSync(binary)) {
  const build =
    PROFILE === 'debug' ? 'cargo build -p app-server' : 'cargo build --release -p app-server'
  console.error(`app-server is not built at ${binary}: run \`${build}\` (or \`just bench-web\`)`)
  process.exit(1)
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`the SPA is not built at ${dist}: run \`npm run build\` first`)
  process.exit(1)
}
if (!existsSync(CHROMIUM)) {
  console.error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  process.exit(1)
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })
}

// On a shared machine, Chromium and app-server run at a higher priority than other work when this
// script may raise it (root): their traces, and so Lighthouse's simulated timings, then suffer
// less from other processes. LIGHTHOUSE_NICE=0 turns that off; the last lines report the other
// processes' CPU either way.
const NICE = Number(process.env.LIGHTHOUSE_NICE ?? (process.getuid?.() === 0 ? -10 : 0))

const port = await freePort()
const fakePort = await freePort()
const base = `http://127.0.0.1:${port}`
const serverCommand = [process.execPath, join(frontend, 'e2e', 'server.mjs')]
const server = spawn(
  NICE !== 0 ? 'nice' : serverCommand[0],
  NICE !== 0 ? ['-n', String(NICE), ...serverCommand] : serverCommand.slice(1),
  {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_FAKE_PORT: String(fakePort),
      E2E_BINARY: binary,
      E2E_STATIC_DIR: dist,
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
)
let chrome
let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  try {
    await chrome?.kill()
  } catch {
    // Already gone.
  }
  if (server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done))
    server.kill('SIGTERM')
    await exited
  }
  process.exit(code)
}
process.on('SIGINT', () => void stop(130))
process.on('SIGTERM', () => void stop(143))
server.on('exit', (code) => {
  if (!stopping) {
    console.error(`the server stopped (exit ${code})`)
    void stop(1)
  }
})

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`app-server did not answer ${base}/api/health within 30 s`)
}

// ---------------------------------------------------------------------------------------------
// What the pages show, made through the API as a person would

let cookie = ''
async function api(method, path, body) {
  const binary = Buffer.isBuffer(body)
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Origin: base,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined
        ? {}
        : { 'Content-Type': binary ? 'application/octet-stream' : 'application/json' }),
    },
    body: body === undefined ? undefined : binary ? body : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  const session = res.headers.getSetCookie().find((c) => c.startsWith('courtyard_session='))
  if (session) cookie = session.split(';')[0]
  return text ? JSON.parse(text) : {}
}

async function seed() {
  const { user } = await api('POST', '/api/auth/username/register', {
    username: `bench${Date.now().toString(36)}`,
    password: 'bench-web-password',
    nickname: 'Lily',
  })
  const { group } = await api('POST', '/api/groups', {
    name: 'Weekend readers',
    description:
      'One book a month, talked over on Sunday afternoons at the library. Neighbours who love reading are welcome.',
    visibility: 'public',
    joinPolicy: 'open',
  })
  await api('PUT', `/api/groups/${group.id}/cover`, png(1200, 480, [70, 140, 110]))
  const urls = []
  for (const rgb of [
    [200, 110, 70],
    [70, 140, 210],
    [200, 190, 80],
  ]) {
    // The address as the article editor writes it: with the image's size (`#WxH`).
    const { image } = await api('POST', `/api/groups/${group.id}/gallery`, png(640, 480, rgb))
    urls.push(`${image.url}#${image.width}x${image.height}`)
  }
  const { article } = await api('POST', `/api/groups/${group.id}/articles`, {
    title: 'March reading list',
    body: `## March\n\nWe read three books this month.\n\n![Cover](${urls[0]})\n\n- *To Live*\n- *The Three-Body Problem*\n- *Fortress Besieged*\n\n> People live for living itself.\n`,
  })
  await api('POST', `/api/groups/${group.id}/articles/${article.id}/publish`)
  for (const [body, images] of [
    ['Hiked up the hill this weekend — what a view.', [[640, 480, [70, 140, 210]]]],
    ['The library opens late on Thursdays now, until nine.', []],
  ]) {
    const imageIds = []
    for (const [w, h, rgb] of images) {
      imageIds.push((await api('POST', '/api/plaza/images', png(w, h, rgb))).image.id)
    }
    await api('POST', '/api/plaza/posts', { body, imageIds, district: '510000' })
  }
  return { groupId: group.id, articleId: article.id, userId: user.id }
}

// ---------------------------------------------------------------------------------------------
// Other processes' CPU while Lighthouse runs (a noisy machine skews simulated timings)

const CLOCK_TICKS = 100

function readProcesses() {
  const processes = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      processes.set(Number(name), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        start: fields[19],
      })
    } catch {
      // Gone meanwhile.
    }
  }
  return processes
}

function busyTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number)
  return user + nice + system + irq + softirq + steal
}

/** Samples every 250 ms; `stop()` gives other processes' CPU in cores over the window. */
function cpuMonitor() {
  const startedAt = Date.now()
  const startBusy = busyTicks()
  const first = readProcesses()
  const ours = new Map() // `${pid}:${start}` -> { from, to }
  const sample = () => {
    const processes = readProcesses()
    const isOurs = (pid) => {
      for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
        if (p === process.pid) return true
        p = processes.get(p)?.ppid ?? 0
      }
      return false
    }
    for (const [pid, info] of processes) {
      if (!isOurs(pid)) continue
      const key = `${pid}:${info.start}`
      const before = first.get(pid)
      const from = before && before.start === info.start ? before.ticks : 0
      const entry = ours.get(key) ?? { from, to: from }
      entry.to = info.ticks
      ours.set(key, entry)
    }
  }
  const timer = setInterval(sample, 250)
  return () => {
    clearInterval(timer)
    sample()
    const seconds = (Date.now() - startedAt) / 1000
    let ourTicks = 0
    for (const { from, to } of ours.values()) ourTicks += to - from
    const others = Math.max(0, busyTicks() - startBusy - ourTicks)
    return others / CLOCK_TICKS / seconds
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

const gzipCache = new Map()
function gzipBytes(pathname) {
  if (!gzipCache.has(pathname)) {
    const file = join(dist, pathname.replace(/^\//, ''))
    gzipCache.set(
      pathname,
      existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0,
    )
  }
  return gzipCache.get(pathname)
}

/**
 * The app's initial JS: the entry module and the modulepreloads dist/index.html asks for, as
 * `npm run size` counts them, the same for every page. The server's HTML adds each page's own
 * route chunks and messages as modulepreloads (app-server/src/spa/first_screen.rs): those are
 * in "all JS", with everything else the page fetched.
 */
function initialScripts() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1]
  const files = new Set()
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (attribute(tag, 'type') === 'module' && attribute(tag, 'src'))
      files.add(attribute(tag, 'src'))
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href'))
      files.add(attribute(tag, 'href'))
  }
  return files
}
const INITIAL = initialScripts()

async function audit(url, formFactor) {
  // The first trace after Chromium starts sometimes has no navigation start (NO_NAVSTART):
  // Lighthouse asks for a run again, so it gets up to two more.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    )
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`)
    const failure = result.lhr.runtimeError
    if (!failure) return result.lhr
    if (failure.code === 'NO_NAVSTART' && attempt < 3) continue
    throw new Error(`Lighthouse failed on ${url}: ${failure.message}`)
  }
}

function figures(lhr, initial) {
  const audits = lhr.audits
  const requests = audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter(
    (r) => r.resourceType === 'Script' && r.url.startsWith(base) && r.statusCode < 400,
  )
  const paths = [...new Set(scripts.map((r) => new URL(r.url).pathname))]
  const initialFetched = paths.filter((p) => initial.has(p))
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    initialJs: initialFetched.reduce((sum, p) => sum + gzipBytes(p), 0),
    initialMissing: [...initial].filter((p) => !initialFetched.includes(p)),
    allJs: paths.reduce((sum, p) => sum + gzipBytes(p), 0),
    scriptCount: paths.length,
    opportunities: Object.values(audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) >= 100)
      .map((a) => `${a.id} ${Math.round(a.numericValue)} ms`),
  }
}

await waitForHealth()
const { groupId, articleId, userId } = await seed()
const PAGES = [
  ['/', '/'],
  ['/plaza', '/plaza'],
  ['/group/{id}', `/group/${groupId}`],
  ['/group/{id}/article/{aid}/display', `/group/${groupId}/article/${articleId}/display`],
  ['/profile/{userId}', `/profile/${userId}`],
  ['/developers/api', '/developers/api'],
].filter(([label]) => !ONLY_PAGES || ONLY_PAGES.includes(label))

let chromePath = CHROMIUM
if (NICE !== 0) {
  const wrapperDir = mkdtempSync(join(tmpdir(), 'courtyard-lighthouse-'))
  chromePath = join(wrapperDir, 'chromium')
  writeFileSync(chromePath, `#!/bin/sh\nexec nice -n ${NICE} ${CHROMIUM} "$@"\n`, { mode: 0o755 })
  process.on('exit', () => rmSync(wrapperDir, { recursive: true, force: true }))
}
chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--lang=en-US',
  ],
  logLevel: 'silent',
})

const chromiumVersion = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
  .then((r) => r.json())
  .then((v) => v.Browser)
  .catch(() => 'Chromium')
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}` +
    `, ${chromiumVersion}${NICE !== 0 ? ` at nice ${NICE}` : ''}, app-server ${PROFILE} build, ${RUNS} run(s) per row, median kept`,
)

const rows = []
const cpu = []
try {
  for (const [label, path] of PAGES) {
    for (const formFactor of FORMS) {
      const done = cpuMonitor()
      const lhrs = []
      for (let i = 0; i < RUNS; i++) lhrs.push(await audit(`${base}${path}`, formFactor))
      const others = done()
      cpu.push(others)
      // The run with the median performance score (the lower middle one of an even count).
      const byScore = [...lhrs].sort(
        (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
      )
      const median = byScore[Math.floor((byScore.length - 1) / 2)]
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true })
        const name = `${label.replace(/[^a-zA-Z]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${formFactor}.json`
        writeFileSync(join(SAVE_DIR, name), JSON.stringify(median))
      }
      const scores = lhrs.map((l) => Math.round((l.categories.performance.score ?? 0) * 100))
      rows.push({
        label,
        formFactor,
        scores,
        others,
        ...figures(median, INITIAL),
      })
      process.stderr.write(`  measured ${label} ${formFactor}: ${scores.join(', ')}\n`)
    }
  }
} catch (error) {
  console.error(error)
  await stop(1)
}

// ---------------------------------------------------------------------------------------------
// The table

const mark = (ok) => (ok ? '✓' : '✗')
const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
const kb = (v) => `${(v / KB).toFixed(1)} KB`
let failed = 0
const check = (ok) => {
  if (!ok) failed++
  return mark(ok)
}
const table = [
  [
    'page',
    'form',
    'perf (runs)',
    'target',
    'LCP',
    'target',
    'TBT',
    'target',
    'CLS',
    'target',
    'initial JS',
    'target',
    'all JS',
    'other CPU',
  ],
]
for (const r of rows) {
  const t = TARGETS[r.formFactor]
  table.push([
    r.label,
    r.formFactor,
    `${r.score} (${r.scores.join('/')})`,
    `≥ ${t.score} ${check(r.score >= t.score)}`,
    ms(r.lcpMs),
    `≤ ${ms(t.lcpMs)} ${check(r.lcpMs <= t.lcpMs)}`,
    ms(r.tbtMs),
    `≤ ${ms(t.tbtMs)} ${check(r.tbtMs <= t.tbtMs)}`,
    r.cls.toFixed(3),
    `≤ ${t.cls} ${check(r.cls <= t.cls)}`,
    kb(r.initialJs),
    `≤ ${kb(INITIAL_JS_BUDGET)} ${check(r.initialJs <= INITIAL_JS_BUDGET && r.initialMissing.length === 0)}`,
    `${kb(r.allJs)} (${r.scriptCount})`,
    `${r.others.toFixed(2)} cores`,
  ])
}
const widths = table[0].map((_, c) => Math.max(...table.map((row) => [...row[c]].length)))
const line = (row) =>
  `| ${row.map((cell, c) => cell + ' '.repeat(widths[c] - [...cell].length)).join(' | ')} |`
console.log(line(table[0]))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const row of table.slice(1)) console.log(line(row))

console.log(
  "\nperf: the median run's performance score (every run's in brackets); LCP, TBT, CLS: that run's;",
)
console.log(
  'initial JS: gzip -9 of the entry and modulepreloads of index.html; all JS: every script the page fetched (count).',
)
for (const r of rows) {
  if (r.initialMissing.length > 0) {
    console.log(`${r.label} ${r.formFactor}: never fetched ${r.initialMissing.join(', ')}`)
  }
  if (r.opportunities.length > 0) {
    console.log(
      `${r.label} ${r.formFactor} — Lighthouse's opportunities: ${r.opportunities.join('; ')}`,
    )
  }
}
const busiest = Math.max(...cpu)
console.log(
  `Other processes used up to ${busiest.toFixed(2)} cores during a row` +
    (busiest > 0.2 ? ': NOISY — the machine was busy; the timings are not to be trusted.' : '.'),
)
console.log(failed === 0 ? 'Every target met.' : `${failed} target(s) missed.`)
await stop(failed === 0 ? 0 : 1)
