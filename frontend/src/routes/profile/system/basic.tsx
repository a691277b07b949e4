import { createFileRoute } from '@tanstack/react-router'
import { basicsQueryOptions } from '@/features/account/api/get-basics.ts'
import { BasicsPage } from '@/features/account/components/basics-page.tsx'
import { SignedOutNotice } from '@/features/account/components/signed-out-notice.tsx'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/profile/system/basic')({
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user) await queryClient.ensureQueryData(basicsQueryOptions())
    return { signedIn: Boolean(user) }
  },
  component: BasicsRoute,
})

function BasicsRoute() {
  const { signedIn } = Route.useLoaderData()
  return signedIn ? <BasicsPage /> : <SignedOutNotice />
}
