import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { ProfilePage } from '@/features/profiles/components/profile-page.tsx'
import { profileIdOfUsername } from '@/features/profiles/api/find-profile-by-username.ts'
import { profileQueryOptions } from '@/features/profiles/api/get-profile.ts'
import { ApiError } from '@/lib/api-client.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { mentionUsername } from '@/lib/mention-link.ts'
import { isUuid } from '@/lib/uuid.ts'

/**
 * Someone's profile. An id that is not a UUID, or one the server does not know, is the fatal
 * not-found page (spec §2.1). `/profile/@username` (a mention's link) is replaced by the
 * person's `/profile/<id>`.
 */
export const Route = createFileRoute('/profile/$userId')({
  // The loader travels with the page chunk, so no profile code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: async ({ params }) => {
    const username = mentionUsername(params.userId)
    if (username !== null) {
      const userId = await profileIdOfUsername(username).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw notFound()
        throw error
      })
      throw redirect({ to: '/profile/$userId', params: { userId }, replace: true })
    }
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
