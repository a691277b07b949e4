import { createFileRoute, redirect } from '@tanstack/react-router'
import { NARROW_QUERY } from '@/lib/media-query.ts'

/** `/settings`: the list of sections on a phone, the first section beside the sidebar on desktop. */
export const Route = createFileRoute('/settings/')({
  beforeLoad: () => {
    const phone = typeof window !== 'undefined' && window.matchMedia(NARROW_QUERY).matches
    throw redirect({ to: phone ? '/settings/menu' : '/settings/account', replace: true })
  },
})
