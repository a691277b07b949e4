import { Link } from '@tanstack/react-router'
import { BookOpen, ChevronRight, KeyRound } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '@/components/ui/card.tsx'
import { OTHER_GROUP, type ApiGroup } from '../browser-state.ts'
import type { OpenApiDocument } from '../openapi.ts'
import { RichText } from './rich-text.tsx'

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-[0.8125em]'

/**
 * What the docs browser opens on (issue 22): what the API is, how to call it with a session or a
 * personal access token (and where to make one), and its tags to start from. Nothing here sends
 * a request: a visitor reads first and picks an endpoint.
 */
export function ApiOverview({
  docs,
  groups,
  onOpenGroup,
  showTags = true,
}: {
  docs: OpenApiDocument
  groups: readonly ApiGroup[]
  onOpenGroup: (name: string) => void
  /** False where the list of groups is right below (phones). */
  showTags?: boolean
}) {
  const { t } = useTranslation('apidocs')
  const headingId = useId()
  const authId = useId()
  const tagsId = useId()
  const count = groups.reduce((sum, group) => sum + group.endpoints.length, 0)
  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <div className="grid gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
          <BookOpen aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          {t('overview.title')}
        </h2>
        {docs.info?.description && (
          <RichText text={docs.info.description} className="text-sm text-muted-foreground" />
        )}
        <p className="text-sm text-muted-foreground">{t('overview.count', { count })}</p>
      </div>

      <Card aria-labelledby={authId} className="grid gap-3 p-4 md:p-5">
        <h3 id={authId} className="flex items-center gap-2 text-base font-semibold">
          <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {t('overview.auth.title')}
        </h3>
        <ul className="grid list-disc gap-2 ps-5 text-sm">
          <li>{t('overview.auth.session')}</li>
          <li>
            {t('overview.auth.tokenBefore')}
            <code className={code}>Authorization: Bearer cyp_…</code>
            {t('overview.auth.tokenAfter')}
          </li>
          <li>
            {t('overview.auth.scopesBefore')}
            <code className={code}>GET /api/tokens/current</code>
            {t('overview.auth.scopesAfter')}
          </li>
        </ul>
        <div>
          <Link
            to="/developers/pat"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:min-h-0"
          >
            {t('overview.auth.manage')}
            <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Link>
        </div>
      </Card>

      {showTags && (
        <section aria-labelledby={tagsId} className="grid gap-3">
          <h3 id={tagsId} className="text-base font-semibold">
            {t('overview.tags')}
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {groups.map((group) => (
              <li key={group.name} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onOpenGroup(group.name)}
                  className="grid h-full w-full cursor-pointer gap-1 rounded-lg border p-3 text-start transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">
                      {group.name === OTHER_GROUP ? t('groups.other') : group.name}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {t('groups.count', { count: group.endpoints.length })}
                    </span>
                  </span>
                  {group.description && (
                    <span className="text-sm text-muted-foreground">{group.description}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}
