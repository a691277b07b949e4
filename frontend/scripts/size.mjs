// Prints the gzip size of the JavaScript that dist/index.html loads up front (the entry module
// and its modulepreloads) and fails above the budget. Run after `npm run build`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

// Issue 21's budget (bench/lighthouse.mjs checks the same against what each page fetched).
const BUDGET_BYTES = 150 * 1000
const dist = new URL('../dist/', import.meta.url).pathname

let html
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8')
} catch {
  console.error('dist/index.html not found: run `npm run build` first.')
  process.exit(1)
}

const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1]
const files = new Set()
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  if (attribute(tag, 'type') === 'module' && attribute(tag, 'src')) files.add(attribute(tag, 'src'))
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
  if (attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href'))
    files.add(attribute(tag, 'href'))
}
if (files.size === 0) {
  console.error('No module scripts found in dist/index.html.')
  process.exit(1)
}

let total = 0
for (const file of files) {
  const bytes = gzipSync(readFileSync(join(dist, file.replace(/^\//, ''))), { level: 9 }).length
  total += bytes
  console.log(`${(bytes / 1000).toFixed(2).padStart(8)} kB gz  ${file}`)
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER'
console.log(
  `${(total / 1000).toFixed(2).padStart(8)} kB gz  initial JS total (${verdict} the ${BUDGET_BYTES / 1000} kB budget)`,
)
process.exit(total <= BUDGET_BYTES ? 0 : 1)
