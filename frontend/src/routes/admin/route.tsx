import { createFileRoute } from '@tanstack/react-router'
import { AdminLayout } from '@/features/admin/components/admin-layout.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

// The layout (and with it all admin code) is a lazy chunk; only this file is in the main
// bundle. Who may see the console is decided by the layout, from the session.
export const Route = createFileRoute('/admin')({
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    // The console's messages are a lazy namespace of their own, fetched for admins only.
    if (user?.role === 'admin') await loadNamespace('admin')
  },
  component: AdminLayout,
})
