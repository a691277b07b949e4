import { createFileRoute } from '@tanstack/react-router'
import { apiDocsQueryOptions } from '@/features/apidocs/api/get-docs.ts'
import { ApiDocsPage } from '@/features/apidocs/components/api-docs-page.tsx'
import { displayLanguage, loadNamespace } from '@/lib/i18n.ts'

/** The API docs browser, detail view of one endpoint (spec §2.4); `id` as `endpointId()`. */
export const Route = createFileRoute('/developers/api/$id')({
  // The loader travels with the page chunk, so no docs-browser code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(apiDocsQueryOptions(displayLanguage()))
    await loadNamespace('apidocs')
  },
  component: ApiDocsDetailRoute,
})

function ApiDocsDetailRoute() {
  const { id } = Route.useParams()
  return <ApiDocsPage endpointId={id} />
}
