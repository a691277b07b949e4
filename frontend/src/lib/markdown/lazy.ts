import { lazy } from 'react'

/**
 * The Markdown renderer is a chunk of its own (the parser, the sanitiser, the highlighter's
 * loader), kept out of the first load: loaded when a page first shows Markdown, or ahead of it.
 */
const loadMarkdownView = () => import('./markdown-view.tsx')

/** The renderer, loaded on first use: render it inside a `Suspense` boundary. */
export const LazyMarkdownView = lazy(loadMarkdownView)

/** Starts loading the renderer before anything needs it (a loader, an opening dialog). */
export function preloadMarkdown(): void {
  void loadMarkdownView()
}
