import { createFileRoute } from '@tanstack/react-router'
import { OwnProfilePage } from '@/features/profiles/components/profile-page.tsx'
import { profileQueryOptions } from '@/features/profiles/api/get-profile.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

/** One's own profile; signed out, the way to log in. */
export const Route = createFileRoute('/profile/')({
  // The loader travels with the page chunk, so no profile code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [{ user }] = await Promise.all([
      queryClient.ensureQueryData(sessionQueryOptions()),
      loadNamespace('profiles'),
    ])
    if (user) await queryClient.ensureQueryData(profileQueryOptions(user.id))
  },
  component: OwnProfilePage,
})
