import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { THEME_COMPONENTS } from './registry.ts'

/** `/developers/theme`: every part of the UI kit, from the registry. */
export function ThemeIndexPage() {
  const { t } = useTranslation('developers')
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('theme.title')} description={t('theme.description')} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {THEME_COMPONENTS.map((component) => (
          <li
            key={component.name}
            className="relative flex flex-col gap-2 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
          >
            <h2 className="font-semibold">
              <Link
                to="/developers/theme/$name"
                params={{ name: component.name }}
                className="rounded-sm after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
              >
                {t(component.title)}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">{t(component.description)}</p>
            <p className="mt-auto text-xs text-muted-foreground">
              {t('theme.demoCount', { count: component.demos.length })}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}
