import { createFileRoute } from '@tanstack/react-router'
import { wordsQueryOptions } from '@/features/admin/api/list-words.ts'
import { WordsPage } from '@/features/admin/components/words-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/words')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin') void queryClient.prefetchInfiniteQuery(wordsQueryOptions(''))
    await loadNamespace('words')
  },
  component: WordsPage,
})
