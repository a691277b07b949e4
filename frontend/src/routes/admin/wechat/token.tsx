import { createFileRoute } from '@tanstack/react-router'
import { wechatTokenQueryOptions } from '@/features/admin/api/get-wechat-token.ts'
import { WechatTokenPage } from '@/features/admin/components/wechat-token-page.tsx'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/wechat/token')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin') void queryClient.prefetchQuery(wechatTokenQueryOptions())
  },
  component: WechatTokenPage,
})
