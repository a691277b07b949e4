import { createFileRoute, notFound } from '@tanstack/react-router'
import { ProfilePage } from '@/features/profiles/components/profile-page.tsx'
import { profileQueryOptions } from '@/features/profiles/api/get-profile.ts'
import { ApiError } from '@/lib/api-client.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { isUuid } from '@/lib/uuid.ts'

/**
 * Someone's profile. An id that is not a UUID, or one the server does not know, is the fatal
 * not-found page (spec §2.1).
 */
export const Route = createFileRoute('/profile/$userId')({
  // The loader travels with the page chunk, so no profile code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.userId)) throw notFound()
  },
  loader: async ({ context: { queryClient }, params }) => {
    const profile = queryClient
      .ensureQueryData(profileQueryOptions(params.userId))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw notFound()
        throw error
      })
    await Promise.all([loadNamespace('profiles'), profile])
  },
  component: ProfileRoute,
})

function ProfileRoute() {
  const { userId } = Route.useParams()
  return <ProfilePage userId={userId} />
}
