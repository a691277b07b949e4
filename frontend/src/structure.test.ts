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
