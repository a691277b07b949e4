import { describe, expect, it } from 'vitest'
import { findCycles, outsideFiles, sourceFiles } from '@/test/source-graph.ts'

// The shape of src/ (docs/frontend.md, "Layout"), checked over every module-level import of
// every file: static imports, re-exports and dynamic `import()` of a literal, with relative
// paths and the `@/` alias resolved (test/source-graph.ts).

const files = sourceFiles()

describe('the import graph', () => {
  it('has no cycle', () => {
    // Type-only imports count too: a cycle of types is still two modules that cannot be read,
    // moved or tested one without the other.
    const edges = new Map<string, string[]>()
    for (const file of files.values()) {
      edges.set(
        file.path,
        file.imports.flatMap((entry) => (entry.target ? [entry.target] : [])),
      )
    }
    const cycles = findCycles(edges).map((cycle) => cycle.join(' → '))
    expect(cycles, 'import cycles (move what both sides need into a third module)').toEqual([])
  })

  it('reads every kind of import', () => {
    // The check above sees a cycle only through the imports it reads: one of each kind.
    const of = (path: string) => files.get(path)!.imports
    expect(of('src/main.tsx').some((entry) => entry.kind === 'import' && entry.target)).toBe(true)
    expect(
      [...files.values()].some((file) =>
        file.imports.some((entry) => entry.kind === 'dynamic' && entry.target),
      ),
    ).toBe(true)
    expect(of('src/lib/user.ts').some((entry) => entry.kind === 'reexport' && entry.target)).toBe(
      true,
    )
    expect(
      [...files.values()].some((file) =>
        file.imports.some((entry) => entry.specifier.startsWith('@/') && entry.target),
      ),
    ).toBe(true)
    expect(
      [...files.values()].some((file) =>
        file.imports.some((entry) => entry.specifier.startsWith('.') && entry.target),
      ),
    ).toBe(true)
  })

  it('names a cycle file by file', () => {
    const graph = new Map([
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/c.ts', 'src/d.ts']],
      ['src/c.ts', ['src/a.ts']],
      ['src/d.ts', []],
      ['src/e.ts', ['src/e.ts']],
    ])
    expect(findCycles(graph)).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'],
      ['src/e.ts', 'src/e.ts'],
    ])
  })
})

describe('the API files (docs/frontend.md, "API files")', () => {
  const code = [...files.values()].filter(
    (file) => !/\.test\.tsx?$/.test(file.path) && !file.path.includes('/test/'),
  )
  const inApiFolder = (path: string) => /^src\/(features\/[^/]+|lib)\/api\//.test(path)

  it('call one endpoint each, from an api/ folder', () => {
    const problems: string[] = []
    for (const file of code) {
      const calls = [...new Set(file.serverCalls)]
      if (inApiFolder(file.path)) {
        if (calls.length > 1) problems.push(`${file.path} calls ${calls.join(', ')}`)
      } else if (file.path.startsWith('src/features/') && calls.length > 0) {
        problems.push(`${file.path} calls ${calls.join(', ')} outside the feature's api/ folder`)
      }
    }
    expect(problems, 'one file per endpoint: src/features/<feature>/api/<verb-noun>.ts').toEqual([])
  })

  it('sees the calls it counts', () => {
    const calls = (path: string) => files.get(path)!.serverCalls
    expect(calls('src/features/plaza/api/like-post.ts')).toEqual([
      'PUT `${postApiPath(postId)}/like`',
    ])
    expect(calls('src/features/plaza/api/upload-image.ts')).toEqual(["POST '/api/plaza/images'"])
  })
})

describe('the layers (docs/frontend.md, "Layout")', () => {
  const isTest = (path: string) => /\.test\.tsx?$/.test(path) || /\/test\//.test(path)
  /** `features/<name>`, `lib`, `components`, `app`, `routes`, `test`, `locales` or the file. */
  const area = (path: string) => /^src\/(features\/[^/]+|[^/]+)/.exec(path)![1]!

  /** What each area may import besides itself; features also their own folder only. */
  function allowed(from: string, to: string): boolean {
    const source = area(from)
    const target = area(to)
    if (source === target) return true
    if (target === 'test') return isTest(from)
    // lib/'s tests may render a shared component (the confirm dialog a guard opens).
    if (source === 'lib') return target === 'locales' || (isTest(from) && target === 'components')
    if (source === 'components') return target === 'lib'
    if (source.startsWith('features/')) return target === 'lib' || target === 'components'
    return true // app/, routes/, main.tsx compose everything
  }

  it('lib/ and components/ import no feature; a feature imports only lib/, components/ and itself', () => {
    const problems: string[] = []
    for (const file of files.values()) {
      for (const entry of file.imports) {
        if (entry.target && !allowed(file.path, entry.target)) {
          problems.push(`${file.path} imports ${entry.target}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it("takes only components and types from a feature's component files", () => {
    // A helper (a function, hook or constant) another file needs lives in a module of the
    // feature (a .ts file), lib/ or components/, not in the component file beside it.
    const componentFile = /^src\/features\/[^/]+\/components\/.*\.tsx$/
    const isComponent = (name: string) => /^[A-Z][a-z0-9]/.test(name)
    const problems: string[] = []
    for (const file of files.values()) {
      for (const entry of file.imports) {
        if (!entry.target || !componentFile.test(entry.target) || entry.kind === 'dynamic') continue
        const helpers = entry.names.filter(
          (name) => !name.isType && !isComponent(name.name) && name.name !== 'default',
        )
        if (helpers.length > 0) {
          const names = helpers.map((name) => name.name).join(', ')
          problems.push(`${file.path} takes ${names} from ${entry.target}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('exports', () => {
  it('every exported name is imported somewhere else', () => {
    // Importers are every file of src/ and the code beside it that reads src/ (vite-plugins/,
    // e2e/); a test counts. Route files export what TanStack Router reads (`Route`); generated files are left as made.
    const exempt = (path: string) =>
      path.startsWith('src/routes/') ||
      path.endsWith('.gen.ts') ||
      path.endsWith('.d.ts') ||
      /\.test\.tsx?$/.test(path)
    const used = new Map<string, Set<string>>()
    for (const file of [...files.values(), ...outsideFiles()]) {
      for (const entry of file.imports) {
        if (!entry.target || entry.target === file.path) continue
        const names = used.get(entry.target) ?? new Set<string>()
        for (const name of entry.names) names.add(name.name)
        used.set(entry.target, names)
      }
    }
    const unused: string[] = []
    for (const file of files.values()) {
      if (exempt(file.path)) continue
      const names = used.get(file.path) ?? new Set<string>()
      if (names.has('*')) continue
      for (const { name } of file.exports) {
        if (!names.has(name)) unused.push(`${file.path}: ${name}`)
      }
    }
    expect(unused, 'exported and never imported: drop the export, or the code').toEqual([])
  })
})
