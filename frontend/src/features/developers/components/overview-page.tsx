import { Link } from '@tanstack/react-router'
import { BookOpen, ChevronRight, KeyRound, Palette, Wrench, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { apiBaseUrl } from '@/lib/api-client.ts'
import { CodeBlock } from './code-block.tsx'
import { PageHeader } from '@/components/page-header.tsx'

/** Where the API answers: the configured base URL, else this page's origin. */
function apiOrigin(): string {
  return apiBaseUrl() || window.location.origin
}

/** The curl command of the overview, for a token written as `cyp_…`. */
function curlExample(origin: string): string {
  return `curl -H "Authorization: Bearer cyp_…" ${origin}/api/auth/token`
}

const SECTIONS: ReadonlyArray<{
  to: '/developers/api' | '/developers/pat' | '/developers/theme' | '/developers/tools'
  key: 'api' | 'tokens' | 'theme' | 'tools'
  icon: LucideIcon
}> = [
  { to: '/developers/api', key: 'api', icon: BookOpen },
  { to: '/developers/pat', key: 'tokens', icon: KeyRound },
  { to: '/developers/theme', key: 'theme', icon: Palette },
  { to: '/developers/tools', key: 'tools', icon: Wrench },
]

const code = <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8125rem]" />

export function DevelopersOverviewPage() {
  const { t } = useTranslation('developers')
  const origin = apiOrigin()

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <PageHeader title={t('overview.title')} description={t('overview.lead')} />

      <section aria-labelledby="api-what" className="grid gap-3">
        <h2 id="api-what" className="text-lg font-semibold">
          {t('overview.what.title')}
        </h2>
        <ul className="grid list-disc gap-2 ps-5 text-sm text-muted-foreground marker:text-primary">
          <li>
            <Trans t={t} i18nKey="overview.what.rest" components={{ code }} />
          </li>
          <li>
            <Trans t={t} i18nKey="overview.what.auth" components={{ code }} />
          </li>
          <li>
            <Trans
              t={t}
              i18nKey="overview.what.spec"
              components={{
                code,
                spec: (
                  <a
                    href={`${apiBaseUrl()}/api/docs.json`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </li>
        </ul>
      </section>

      <section aria-labelledby="api-start" className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <h2 id="api-start" className="text-lg font-semibold">
          {t('overview.start.title')}
        </h2>
        <ol className="grid grid-cols-[minmax(0,1fr)] gap-5">
          <Step number={1} title={t('overview.start.token.title')}>
            <Trans
              t={t}
              i18nKey="overview.start.token.body"
              components={{
                tokens: (
                  <Link
                    to="/developers/pat"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </Step>
          <Step number={2} title={t('overview.start.call.title')}>
            <p>
              <Trans t={t} i18nKey="overview.start.call.body" components={{ code }} />
            </p>
            <CodeBlock
              className="mt-3"
              code={curlExample(origin)}
              label={t('overview.start.call.copy')}
            />
            <p className="mt-3">
              <Trans t={t} i18nKey="overview.start.call.errors" components={{ code }} />
            </p>
          </Step>
          <Step number={3} title={t('overview.start.explore.title')}>
            <Trans
              t={t}
              i18nKey="overview.start.explore.body"
              components={{
                docs: (
                  <Link
                    to="/developers/api"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </Step>
        </ol>
      </section>

      <section aria-labelledby="portal-sections">
        <h2 id="portal-sections" className="sr-only">
          {t('overview.sections')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SECTIONS.map(({ to, key, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="group block h-full rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <div className="flex h-full items-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs transition-colors group-hover:bg-accent">
                  <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">{t(`overview.cards.${key}.title`)}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">
                      {t(`overview.cards.${key}.body`)}
                    </p>
                  </div>
                  <ChevronRight
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground rtl:rotate-180"
                  />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[2rem_minmax(0,1fr)] gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {number}
      </span>
      <div className="min-w-0 pt-1">
        <h3 className="font-medium">{title}</h3>
        <div className="mt-1 text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  )
}
