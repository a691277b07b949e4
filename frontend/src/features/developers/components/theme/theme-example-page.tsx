import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { ThemeComponent, ThemeDemo } from './registry.ts'

/**
 * `/developers/theme/examples/{component}/{demo}`: the example alone, without the site's
 * header, footer or portal navigation, to embed or screenshot. Toasts and dialogs still work.
 */
export function ThemeExamplePage({
  component,
  demo,
}: {
  component: ThemeComponent
  demo: ThemeDemo
}) {
  const { t } = useTranslation('developers')
  const { Demo } = demo
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <h1 className="font-medium">
          {t(component.title)} · {t(demo.title)}
        </h1>
        <Link
          to="/developers/theme/$name"
          params={{ name: component.name }}
          className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {t('theme.openInGallery')}
        </Link>
      </div>
      <div>
        <Demo />
      </div>
    </div>
  )
}
