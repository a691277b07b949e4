/*
 * highlight.js and its languages (~27 kB gz) load only when a text first contains a fenced
 * code block; until then code shows unhighlighted, and MarkdownView renders again once the
 * highlighter is there.
 */

export type HighlightFunction = (code: string, language: string) => string | null

let highlight: HighlightFunction | null = null
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

/** The highlighter, or null while it is not loaded. */
export function currentHighlighter(): HighlightFunction | null {
  return highlight
}

export function subscribeHighlighter(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function loadHighlighter(): Promise<void> {
  loading ??= import('./highlight.ts').then(
    (module) => {
      highlight = module.highlightCode
      for (const listener of listeners) listener()
    },
    (error: unknown) => {
      // Code stays plain; a later text tries again.
      loading = null
      console.error('Loading the code highlighter failed', error)
    },
  )
  return loading
}

const FENCE = /^ {0,3}(```|~~~)/m

/** Whether the Markdown has a fenced code block, the only thing that is highlighted. */
export function hasCodeFence(source: string): boolean {
  return FENCE.test(source)
}
