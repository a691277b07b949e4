import { createFileRoute } from '@tanstack/react-router'
import { wechatMenuQueryOptions } from '@/features/admin/api/get-wechat-menu.ts'
import { wechatMenuVersionsQueryOptions } from '@/features/admin/api/list-wechat-menu-versions.ts'
import { WechatMenuPage } from '@/features/admin/components/wechat-menu-page.tsx'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/wechat/menu')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role !== 'admin') return
    void queryClient.prefetchQuery(wechatMenuQueryOptions())
    void queryClient.prefetchQuery(wechatMenuVersionsQueryOptions())
  },
  component: WechatMenuPage,
})
