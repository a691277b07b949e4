import { Link, Outlet } from '@tanstack/react-router'
import { ShieldCheck, UserRound, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'

const SECTIONS: ReadonlyArray<{
  to: '/settings/account' | '/settings/security'
  label: 'nav.account' | 'nav.security'
  icon: LucideIcon
}> = [
  { to: '/settings/account', label: 'nav.account', icon: UserRound },
  { to: '/settings/security', label: 'nav.security', icon: ShieldCheck },
]

/**
 * The settings pages' frame: a sidebar of sections on desktop; on phones (< 768 px) the
 * sections are a row of tabs above the page.
 */
export function SettingsLayout() {
  const { t } = useTranslation('account')
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-10 md:py-12">
      <nav aria-label={t('nav.label')} className="md:sticky md:top-20 md:self-start">
        <ul className="-mx-4 flex gap-1 overflow-x-auto border-b px-4 md:mx-0 md:flex-col md:border-b-0 md:px-0">
          {SECTIONS.map(({ to, label, icon: Icon }) => (
            <li key={to} className="shrink-0">
              <Link
                to={to}
                className="-mb-px flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:border-primary data-[status=active]:text-foreground md:mb-0 md:rounded-md md:border-b-0 md:hover:bg-accent md:data-[status=active]:bg-accent"
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  )
}
