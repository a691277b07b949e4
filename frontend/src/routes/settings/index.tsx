import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/settings` opens its first section until the settings overview exists. */
export const Route = createFileRoute('/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/account', replace: true })
  },
})
