import { createFileRoute } from '@tanstack/react-router'
import { scopesQueryOptions } from '@/features/developers/api/list-scopes.ts'
import { tokensQueryOptions } from '@/lib/api/list-tokens.ts'
import { TokensPage } from '@/features/developers/components/tokens/tokens-page.tsx'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/developers/pat')({
  // The loader travels with the page chunk, so no token code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user) {
      void queryClient.prefetchQuery(tokensQueryOptions())
      void queryClient.prefetchQuery(scopesQueryOptions())
    }
  },
  component: TokensPage,
})
