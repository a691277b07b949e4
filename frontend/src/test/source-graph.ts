import { parseSync } from 'vite'

// The source files of src/ and what each imports and exports, read with the parser Vite builds
// with (oxc, through rolldown): the structure tests (src/structure.test.ts) check the import graph
// it gives: no cycles, the layering of docs/frontend.md ("Layout"), no unused exports.

const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** One name a file takes from another: `import { a }`, `export { a } from`, or `*` for all. */
export interface ImportedName {
  name: string
  isType: boolean
}

export interface SourceImport {
  /** The module specifier as written. */
  specifier: string
  /** The file in src/ it names (`src/lib/x.ts`), or null for a package or a non-code file. */
  target: string | null
  kind: 'import' | 'reexport' | 'dynamic'
  /** The names taken; `*` for a namespace import or `export *`; empty for `import 'x'`. */
  names: ImportedName[]
  /** Every name is a type (`import type`): erased from the JavaScript. */
  typeOnly: boolean
}

export interface SourceFile {
  /** `src/…`, relative to the frontend folder. */
  path: string
  text: string
  imports: SourceImport[]
  /** The names this file exports itself (`default` for a default export), re-exports included. */
  exports: { name: string; isType: boolean }[]
  /**
   * The calls to the server: `api.get(path)` and its siblings, `apiRequest`, `uploadFile` and
   * `fetch`, each as `get <first argument's text>`.
   */
  serverCalls: string[]
}

const SERVER_CALLS: Record<string, string> = {
  'api.get': 'GET',
  'api.post': 'POST',
  'api.put': 'PUT',
  'api.patch': 'PATCH',
  'api.delete': 'DELETE',
  apiRequest: 'REQUEST',
  uploadFile: 'POST',
  fetch: 'FETCH',
}

interface Node {
  type?: string
  start?: number
  end?: number
  [key: string]: unknown
}

function calleeName(callee: Node): string | null {
  if (callee.type === 'Identifier') return callee.name as string
  if (callee.type === 'MemberExpression' && !callee.computed) {
    const object = callee.object as Node
    const property = callee.property as Node
    if (object.type === 'Identifier') return `${object.name as string}.${property.name as string}`
  }
  return null
}

function findServerCalls(program: unknown, text: string): string[] {
  const calls: string[] = []
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child)
      return
    }
    if (typeof node !== 'object' || node === null) return
    const current = node as Node
    if (current.type === 'CallExpression') {
      const name = calleeName(current.callee as Node)
      const method = name === null ? undefined : SERVER_CALLS[name]
      const first = (current.arguments as Node[])[0]
      if (method && first) {
        const path = text.slice(first.start, first.end).replace(/\s+/g, ' ')
        calls.push(`${method} ${path}`)
      }
    }
    for (const [key, value] of Object.entries(current)) {
      if (key !== 'type' && typeof value === 'object') visit(value)
    }
  }
  visit(program)
  return calls
}

// Code outside src/ that imports from it (the build's plugins, the end-to-end tests): it uses
// exports too, though nothing here checks its own shape.
const outsideSources = import.meta.glob<string>(['/vite-plugins/**/*.ts', '/e2e/**/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function normalize(path: string): string {
  const parts: string[] = []
  for (const part of path.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.' && part !== '') parts.push(part)
  }
  return parts.join('/')
}

/** The src/ file a specifier names: relative paths and the `@/` alias (tsconfig `paths`). */
export function resolveSpecifier(
  from: string,
  specifier: string,
  known: Set<string>,
): string | null {
  const bare = specifier.split('?')[0]!
  let base: string
  if (bare.startsWith('@/')) base = `src/${bare.slice(2)}`
  else if (bare.startsWith('.')) base = normalize(`${from.slice(0, from.lastIndexOf('/'))}/${bare}`)
  else if (bare.startsWith('/src/')) base = bare.slice(1)
  else return null
  for (const extension of EXTENSIONS) {
    if (known.has(base + extension)) return base + extension
  }
  return null
}

function parseFile(path: string, text: string, known: Set<string>): SourceFile {
  const result = parseSync(path, text, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' })
  if (result.errors.length > 0) {
    throw new Error(`${path}: ${result.errors.map((error) => error.message).join('; ')}`)
  }
  const imports: SourceImport[] = []
  for (const entry of result.module.staticImports) {
    const specifier = entry.moduleRequest.value
    const names = entry.entries.map((binding) => ({
      name:
        binding.importName.kind === 'Name'
          ? binding.importName.name!
          : binding.importName.kind === 'Default'
            ? 'default'
            : '*',
      isType: binding.isType,
    }))
    // `import type { A }` and `import { type A }` alike: oxc marks each binding.
    const typeOnly = names.length > 0 && names.every((name) => name.isType)
    imports.push({
      specifier,
      target: resolveSpecifier(path, specifier, known),
      kind: 'import',
      names,
      typeOnly,
    })
  }
  const exports: SourceFile['exports'] = []
  for (const statement of result.module.staticExports) {
    for (const entry of statement.entries) {
      const exported =
        entry.exportName.kind === 'Default'
          ? 'default'
          : entry.exportName.kind === 'Name'
            ? entry.exportName.name
            : null
      if (exported !== null) exports.push({ name: exported, isType: entry.isType })
      if (entry.moduleRequest === null) continue
      const specifier = entry.moduleRequest.value
      const name =
        entry.importName.kind === 'Name'
          ? entry.importName.name!
          : entry.importName.kind === 'None'
            ? 'default'
            : '*'
      imports.push({
        specifier,
        target: resolveSpecifier(path, specifier, known),
        kind: 'reexport',
        names: [{ name, isType: entry.isType }],
        typeOnly: entry.isType,
      })
    }
  }
  for (const dynamic of result.module.dynamicImports) {
    const request = text.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end)
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(request)
    if (!literal) continue
    const specifier = literal[2]!
    imports.push({
      specifier,
      target: resolveSpecifier(path, specifier, known),
      kind: 'dynamic',
      names: [{ name: '*', isType: false }],
      typeOnly: false,
    })
  }
  return { path, text, imports, exports, serverCalls: findServerCalls(result.program, text) }
}

let cache: Map<string, SourceFile> | null = null

/** Every `src/**\/*.{ts,tsx}` file, parsed once, keyed by its `src/…` path. */
export function sourceFiles(): Map<string, SourceFile> {
  if (cache) return cache
  const known = new Set(Object.keys(sources).map((path) => path.slice(1)))
  cache = new Map()
  for (const [absolute, text] of Object.entries(sources)) {
    const path = absolute.slice(1)
    cache.set(path, parseFile(path, text, known))
  }
  return cache
}

/** The files outside src/ that may import from it (vite-plugins/, e2e/), parsed the same way. */
export function outsideFiles(): SourceFile[] {
  const known = new Set(Object.keys(sources).map((path) => path.slice(1)))
  return Object.entries(outsideSources).map(([absolute, text]) =>
    parseFile(absolute.slice(1), text, known),
  )
}

/**
 * The import cycles of the graph, each as the files in order with the first repeated at the end
 * (`a → b → a`). One cycle per strongly connected component (Tarjan), found as the shortest
 * loop through its first file, so a tangle is named by a path a person can follow.
 */
export function findCycles(edges: Map<string, string[]>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []

  const visit = (node: string) => {
    indices.set(node, index)
    low.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!))
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      const selfLoop = (edges.get(node) ?? []).includes(node)
      if (component.length > 1 || selfLoop) components.push(component.sort())
    }
  }
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) visit(node)

  return components.map((component) => {
    const inside = new Set(component)
    const start = component[0]!
    // Breadth-first from start back to start, inside the component.
    const previous = new Map<string, string>()
    const queue = [start]
    let found = false
    while (queue.length > 0 && !found) {
      const node = queue.shift()!
      for (const next of edges.get(node) ?? []) {
        if (!inside.has(next)) continue
        if (next === start) {
          previous.set(start, node)
          found = true
          break
        }
        if (!previous.has(next)) {
          previous.set(next, node)
          queue.push(next)
        }
      }
    }
    const path = [start]
    let node = previous.get(start)!
    while (node !== start) {
      path.unshift(node)
      node = previous.get(node)!
    }
    path.unshift(start)
    return path
  })
}
