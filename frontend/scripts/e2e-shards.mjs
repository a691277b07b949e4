// The end-to-end suite in E2E_SHARDS shards (default 2) at once. Each shard is its own
// Playwright run with its own app-server, SQLite file and fakes (e2e/server.mjs) on its own
// ports, so no test sees another's data; on two cores the suite is two shorter queues instead of
// one long one (docs/testing.md, "End to end").
//
// Playwright's own --shard cuts the ordered list into consecutive runs of equal count, which
// put every long accessibility crawl into the first shard. Here the tests are listed first
// (`playwright test --list`) and dealt out by weight, heaviest first, each to the lightest shard:
// a test tagged @slow weighs SLOW_WEIGHT, any other 1. Each shard then runs its own list
// (`--test-list`). Arguments go to every `playwright test` (a spec file, -g, --project …).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const SLOW_WEIGHT = 12
const frontend = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2))
const basePort = Number(process.env.E2E_BASE_PORT ?? 4180)

const listed = spawnSync('npx', ['playwright', 'test', '--list', ...args], {
  cwd: frontend,
  encoding: 'utf8',
})
if (listed.status !== 0) {
  process.stderr.write(listed.stdout + listed.stderr)
  process.exit(listed.status ?? 1)
}
// "  [desktop] › a11y.spec.ts:115:5 › every route signed in as an admin, zh light @phone"
const tests = listed.stdout
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.startsWith('['))
if (tests.length === 0) {
  console.error('e2e-shards: no test matched')
  process.exit(1)
}

const weight = (line) => (/(^|\s)@slow(\s|$)/.test(line) ? SLOW_WEIGHT : 1)
const lists = Array.from({ length: shards }, () => ({ lines: [], weight: 0 }))
for (const line of [...tests].sort((a, b) => weight(b) - weight(a))) {
  const lightest = lists.reduce((min, list) => (list.weight < min.weight ? list : min))
  lightest.lines.push(line)
  lightest.weight += weight(line)
}

const listDir = mkdtempSync(join(tmpdir(), 'courtyard-e2e-shards-'))
const runs = lists
  .map((list, index) => ({ ...list, shard: index + 1 }))
  .filter((list) => list.lines.length > 0)
  .map(({ lines, weight: total, shard }) => {
    const file = join(listDir, `shard-${shard}.txt`)
    writeFileSync(file, lines.join('\n') + '\n')
    const port = basePort + (shard - 1) * 10
    const prefix = `[shard ${shard}/${shards}] `
    console.log(`${prefix}${lines.length} tests, weight ${total}, on port ${port}`)
    const child = spawn('npx', ['playwright', 'test', '--test-list', file, ...args], {
      cwd: frontend,
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_FAKE_PORT: String(port + 1),
        E2E_OUTPUT_DIR: `test-results/shard-${shard}`,
        E2E_REPORT_DIR: `playwright-report/shard-${shard}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const parts = (rest + chunk).split('\n')
        rest = parts.pop() ?? ''
        for (const part of parts) process.stdout.write(prefix + part + '\n')
      })
      stream.on('end', () => rest && process.stdout.write(prefix + rest + '\n'))
    }
    return new Promise((done) => child.on('close', (code) => done({ shard, code })))
  })

const results = await Promise.all(runs)
rmSync(listDir, { recursive: true, force: true })
const failed = results.filter(({ code }) => code !== 0)
for (const { shard, code } of failed) {
  console.error(
    `e2e shard ${shard}/${shards} FAILED (exit ${code}; traces in frontend/test-results/shard-${shard})`,
  )
}
process.exit(failed.length > 0 ? 1 : 0)
