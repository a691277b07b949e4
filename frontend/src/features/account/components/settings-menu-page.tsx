import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SETTINGS_SECTIONS } from './settings-sections.ts'

/** `/settings/menu`: on phones, the list of settings sections, each leading to its page. */
export function SettingsMenuPage() {
  const { t } = useTranslation('account')
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('nav.label')}</h1>
      <nav aria-label={t('nav.menu')}>
        <ul className="divide-y rounded-lg border bg-card">
          {SETTINGS_SECTIONS.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 px-4 py-3.5 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
                <span className="grid min-w-0 flex-1">
                  <span className="font-medium">{t(label)}</span>
                  <span className="truncate text-sm text-muted-foreground">{t(description)}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 text-muted-foreground rtl:rotate-180"
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
