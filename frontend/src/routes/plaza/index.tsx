import { createFileRoute } from '@tanstack/react-router'
import { feedQueryOptions } from '@/features/plaza/api/list-posts.ts'
import { provincesQueryOptions } from '@/features/plaza/api/list-provinces.ts'
import { PlazaPage } from '@/features/plaza/components/plaza-page.tsx'
import { validatePlazaSearch } from '@/features/plaza/rules.ts'
import { loadNamespace } from '@/lib/i18n.ts'

/** The plaza's public feed, of every district or one. */
export const Route = createFileRoute('/plaza/')({
  validateSearch: validatePlazaSearch,
  loaderDeps: ({ search }) => ({ district: search.district ?? null }),
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(feedQueryOptions(deps.district))
    void queryClient.prefetchQuery(provincesQueryOptions())
    await loadNamespace('plaza')
  },
  component: function PlazaRoute() {
    const { district } = Route.useSearch()
    return <PlazaPage district={district ?? null} />
  },
})
