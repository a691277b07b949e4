import { Link } from '@tanstack/react-router'
import { ChevronRight, ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CodeBlock } from '../code-block.tsx'
import type { ThemeComponent } from './registry.ts'

/** `/developers/theme/{name}`: one part of the kit with all its examples and their code. */
export function ThemeComponentPage({ component }: { component: ThemeComponent }) {
  const { t } = useTranslation('developers')
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <header>
        <nav aria-label={t('theme.breadcrumb')} className="text-sm text-muted-foreground">
          <ol className="flex items-center gap-1">
            <li>
              <Link to="/developers/theme" className="hover:text-foreground hover:underline">
                {t('theme.title')}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4 rtl:rotate-180" />
            </li>
            <li aria-current="page" className="text-foreground">
              {t(component.title)}
            </li>
          </ol>
        </nav>
        <h1 className="mt-2 text-2xl font-semibold md:text-3xl">{t(component.title)}</h1>
        <p className="mt-2 text-muted-foreground">{t(component.description)}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          {t('theme.source')}{' '}
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8125rem]">
            {component.source}
          </code>
        </p>
      </header>
      {component.demos.map(({ id, title, code, Demo }) => (
        <section
          key={id}
          aria-labelledby={`demo-${id}`}
          className="grid grid-cols-[minmax(0,1fr)] gap-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`demo-${id}`} className="text-lg font-semibold">
              {t(title)}
            </h2>
            <Link
              to="/developers/theme/examples/$component/$demo"
              params={{ component: component.name, demo: id }}
              className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('theme.standalone')}
            </Link>
          </div>
          <div className="rounded-xl border bg-background p-4 md:p-6">
            <Demo />
          </div>
          <CodeBlock code={code} label={t('theme.copyCode', { demo: t(title) })} />
        </section>
      ))}
    </div>
  )
}
