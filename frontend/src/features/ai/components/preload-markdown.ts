/** The Markdown renderer's chunk: loaded when the first answer shows, or ahead of it. */
export const loadMarkdownView = () => import('@/lib/markdown/markdown-view.tsx')

/** Starts loading the Markdown renderer before the first answer needs it. */
export function preloadMarkdown(): void {
  void loadMarkdownView()
}
