import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import c from 'highlight.js/lib/languages/c'
import cpp from 'highlight.js/lib/languages/cpp'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import python from 'highlight.js/lib/languages/python'
import rust from 'highlight.js/lib/languages/rust'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

/*
 * highlight.js's core with the languages chat answers and articles use most, not the full bundle (190+
 * languages, ~300 kB). Each definition brings its usual aliases (js, ts, py, sh, html, yml, …).
 */
const LANGUAGES = {
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
}

for (const [name, definition] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, definition)
hljs.registerAliases(['shell', 'console', 'zsh'], { languageName: 'bash' })
hljs.registerAliases(['vue', 'svelte'], { languageName: 'xml' })

/**
 * The highlighted HTML of `code` (escaped, with `hljs-*` spans), or null when `language` is
 * not one of the registered ones, so the caller escapes it as plain text.
 */
export function highlightCode(code: string, language: string): string | null {
  const name = language.trim().toLowerCase()
  if (!name || !hljs.getLanguage(name)) return null
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value
}

export function isKnownLanguage(language: string): boolean {
  return Boolean(hljs.getLanguage(language.trim().toLowerCase()))
}
