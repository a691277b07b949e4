import { describe, expect, it } from 'vitest'
import { findCycles, sourceFiles } from '@/test/source-graph.ts'

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
