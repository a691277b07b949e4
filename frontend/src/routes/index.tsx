import { createFileRoute } from '@tanstack/react-router'
import { latestPostsQueryOptions } from '@/features/home/api/list-latest-posts.ts'
import { publicGroupsQueryOptions } from '@/features/home/api/list-public-groups.ts'
import { weatherQueryOptions } from '@/features/home/api/get-weather.ts'
import { HomePage } from '@/features/home/components/home-page.tsx'

/** The home page: the plaza's latest posts, public groups and one province's weather. */
export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient } }) => {
    // The weather is not waited for: the server may still be asking its provider.
    void queryClient.prefetchQuery(weatherQueryOptions())
    // The posts and groups are, so the page arrives whole. A failure is not the page's: the
    // section that failed says so and offers to try again; the others show.
    await Promise.all([
      queryClient.ensureQueryData(latestPostsQueryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(publicGroupsQueryOptions()).catch(() => undefined),
    ])
  },
  component: HomePage,
})
