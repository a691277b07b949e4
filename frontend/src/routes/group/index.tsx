import { createFileRoute } from '@tanstack/react-router'
import { discoverGroupsQueryOptions } from '@/features/groups/api/list-discover-groups.ts'
import { myGroupsQueryOptions } from '@/features/groups/api/list-my-groups.ts'
import { GroupListPage } from '@/features/groups/components/group-list-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

// The groups' messages arrive with the first group page (a lazy namespace, lib/i18n.ts).
export const Route = createFileRoute('/group/')({
  // The loader travels with the page chunk, so the lists' code stays out of the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    // The first screen's lists, so that the page one came from stays until they are here rather
    // than this page showing "Loading…" (a cached list is shown at once and refreshed). A list
    // that fails is the page's to show: it never fails the navigation.
    const lists = queryClient
      .ensureQueryData(sessionQueryOptions())
      .then(({ user }) =>
        Promise.all([
          queryClient.ensureInfiniteQueryData(discoverGroupsQueryOptions('')),
          user && queryClient.ensureInfiniteQueryData(myGroupsQueryOptions()),
        ]),
      )
    await Promise.all([loadNamespace('groups'), lists.catch(() => undefined)])
  },
  component: GroupListPage,
})
