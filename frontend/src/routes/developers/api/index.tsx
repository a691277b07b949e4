import { createFileRoute } from '@tanstack/react-router'
import { apiDocsQueryOptions } from '@/features/apidocs/api/get-docs.ts'
import { ApiDocsPage } from '@/features/apidocs/components/api-docs-page.tsx'
import { displayLanguage, loadNamespace } from '@/lib/i18n.ts'

/** The API docs browser, list view (spec §2.4). */
export const Route = createFileRoute('/developers/api/')({
  // The loader travels with the page chunk, so no docs-browser code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(apiDocsQueryOptions(displayLanguage()))
    await loadNamespace('apidocs')
  },
  component: ApiDocsListRoute,
})

function ApiDocsListRoute() {
  return <ApiDocsPage />
}
