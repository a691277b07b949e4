import { createFileRoute } from '@tanstack/react-router'
import { blocksQueryOptions } from '@/features/blocks/api/list-blocks.ts'
import { BlocksSettingsPage } from '@/features/blocks/components/blocks-settings-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

/** The people the signed-in user blocked or muted. */
export const Route = createFileRoute('/settings/blocks')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [{ user }] = await Promise.all([
      queryClient.ensureQueryData(sessionQueryOptions()),
      loadNamespace('blocks'),
    ])
    if (user) {
      void queryClient.prefetchInfiniteQuery(blocksQueryOptions('block'))
      void queryClient.prefetchInfiniteQuery(blocksQueryOptions('mute'))
    }
  },
  component: BlocksSettingsPage,
})
