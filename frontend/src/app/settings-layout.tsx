import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SETTINGS_SECTIONS } from '@/features/account/components/settings-sections.ts'

/**
 * The settings pages' frame. Desktop (≥ 768 px): a sidebar of the sections beside the page.
 * Phone: no sidebar — `/settings/menu` lists the sections, and each section's page starts with
 * a link back to that list.
 */
export function SettingsLayout() {
  const { t } = useTranslation('account')
  const onMenu = useRouterState({
    select: (state) => state.location.pathname.replace(/\/$/, '') === '/settings/menu',
  })
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-10 md:py-12">
      <nav
        aria-label={t('nav.label')}
        className="hidden md:sticky md:top-20 md:block md:self-start"
      >
        <ul className="flex flex-col gap-1">
          {SETTINGS_SECTIONS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-2 rounded-md px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:bg-accent data-[status=active]:text-foreground"
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        {!onMenu && (
          <Link
            to="/settings/menu"
            className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:hidden"
          >
            <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t('nav.allSettings')}
          </Link>
        )}
        <Outlet />
      </div>
    </div>
  )
}
