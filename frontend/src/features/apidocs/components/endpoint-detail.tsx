import { ChevronRight, Copy, KeyRound, Lock, Unlock } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { cn } from '@/lib/utils.ts'
import type {
  ApiEndpoint,
  ApiParameter,
  ApiResponse,
  AuthRequirement,
  ParameterLocation,
} from '../openapi.ts'
import { MethodBadge } from './method-badge.tsx'
import { RichText } from './rich-text.tsx'
import { SchemaView } from './schema-view.tsx'
import { statusTone } from './status-tone.ts'
import { TryItOut } from './try-it-out.tsx'
import { useCopyText } from '@/lib/clipboard.ts'

const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'body']

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  )
}

/** Who may call: public, session only, or session or a token (with the scopes it needs). */
function AuthBadge({ auth }: { auth: AuthRequirement }) {
  const { t } = useTranslation('apidocs')
  if (auth.public) {
    return (
      <>
        <Badge tone="success">
          <Unlock aria-hidden="true" className="size-3" />
          {t('auth.public')}
        </Badge>
        {auth.bearerScopes?.length ? (
          <Badge tone="info">
            <KeyRound aria-hidden="true" className="size-3" />
            {t('auth.tokenScopes', { scopes: auth.bearerScopes.join(', ') })}
          </Badge>
        ) : null}
      </>
    )
  }
  if (auth.bearerScopes === null) {
    return (
      <Badge tone="warning">
        <Lock aria-hidden="true" className="size-3" />
        {t('auth.sessionOnly')}
      </Badge>
    )
  }
  return (
    <Badge tone="info">
      <KeyRound aria-hidden="true" className="size-3" />
      {auth.bearerScopes.length
        ? t('auth.sessionOrToken', { scopes: auth.bearerScopes.join(', ') })
        : t('auth.sessionOrAnyToken')}
    </Badge>
  )
}

/** One endpoint: what it is, its parameters and body, its responses, and the try-it-out. */
export function EndpointDetail({ endpoint }: { endpoint: ApiEndpoint }) {
  const { t } = useTranslation('apidocs')
  const copy = useCopyText()
  const hasParameters = LOCATIONS.some(
    (location) => location !== 'body' && endpoint.parameters[location].length > 0,
  )
  return (
    <article className="grid gap-8" aria-labelledby="apidocs-endpoint-title">
      <header className="grid gap-3">
        <h2 id="apidocs-endpoint-title" className="text-xl font-semibold wrap-anywhere">
          {endpoint.summary || `${endpoint.method.toUpperCase()} ${endpoint.path}`}
        </h2>
        <div className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/50 px-3 py-2">
          <MethodBadge method={endpoint.method} />
          <code className="min-w-0 flex-1 font-mono text-sm break-all">{endpoint.path}</code>
          <Button
            variant="ghost"
            size="xs"
            iconOnly
            aria-label={t('copyPath')}
            title={t('copyPath')}
            onClick={() => void copy(endpoint.path)}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AuthBadge auth={endpoint.auth} />
          {endpoint.deprecated && <Badge tone="error">{t('deprecated')}</Badge>}
          {endpoint.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
          {endpoint.operationId && (
            <span className="font-mono text-xs text-muted-foreground">{endpoint.operationId}</span>
          )}
        </div>
        {endpoint.description && (
          <RichText text={endpoint.description} className="text-sm text-muted-foreground" />
        )}
      </header>

      {hasParameters && (
        <Section title={t('parameters.title')}>
          {LOCATIONS.filter((location) => location !== 'body').map((location) =>
            endpoint.parameters[location].length ? (
              <ParameterTable
                key={location}
                title={t(`parameters.${location}`)}
                parameters={endpoint.parameters[location]}
              />
            ) : null,
          )}
        </Section>
      )}

      {endpoint.requestBody && (
        <Section title={t('requestBody.title')}>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <code className="font-mono">{endpoint.requestBody.mediaType}</code>
            {endpoint.requestBody.required && (
              <Badge tone="error" className="px-1.5 py-0 text-[0.6875rem]">
                {t('schema.required')}
              </Badge>
            )}
          </div>
          {endpoint.requestBody.description && (
            <RichText text={endpoint.requestBody.description} className="text-sm" />
          )}
          {endpoint.requestBody.schema && (
            <SchemaView schema={endpoint.requestBody.schema} label={t('requestBody.schema')} />
          )}
        </Section>
      )}

      <TryItOut endpoint={endpoint} />

      {endpoint.responses.length > 0 && (
        <Section title={t('responses.title')}>
          <ul className="grid gap-2">
            {endpoint.responses.map((response, index) => (
              <ResponseItem key={response.status} response={response} defaultOpen={index === 0} />
            ))}
          </ul>
        </Section>
      )}
    </article>
  )
}

function ParameterTable({ title, parameters }: { title: string; parameters: ApiParameter[] }) {
  const { t } = useTranslation('apidocs')
  return (
    <div className="overflow-hidden rounded-md border">
      <h4 className="border-b bg-muted/50 px-3 py-1.5 text-xs font-medium text-muted-foreground">
        {title}
      </h4>
      <ul className="divide-y text-sm">
        {parameters.map((param) => (
          <li key={param.name} className="grid gap-1 px-3 py-2">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono font-medium break-all">{param.name}</code>
              <span className="font-mono text-xs text-muted-foreground">
                {param.type}
                {param.format ? ` (${param.format})` : ''}
              </span>
              {param.required && (
                <Badge tone="error" className="px-1.5 py-0 text-[0.6875rem]">
                  {t('schema.required')}
                </Badge>
              )}
            </div>
            {param.description && (
              <RichText text={param.description} className="text-xs text-muted-foreground" />
            )}
            {param.enum && (
              <p className="text-xs text-muted-foreground">
                {t('schema.enum', { values: param.enum.map((v) => JSON.stringify(v)).join(', ') })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function ResponseItem({ response, defaultOpen }: { response: ApiResponse; defaultOpen: boolean }) {
  const { t } = useTranslation('apidocs')
  const [open, setOpen] = useState(defaultOpen)
  const bodyId = useId()
  const hasBody = response.schema !== null || response.example !== undefined
  return (
    <li className="rounded-md border">
      <button
        type="button"
        aria-expanded={hasBody ? open : undefined}
        aria-controls={hasBody ? bodyId : undefined}
        disabled={!hasBody}
        onClick={() => setOpen((shown) => !shown)}
        className="flex w-full cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-start hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default disabled:hover:bg-transparent"
      >
        <ChevronRight
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform',
            open && 'rotate-90',
            !hasBody && 'invisible',
          )}
        />
        <Badge tone={statusTone(response.status)} className="font-mono tabular-nums">
          {response.status}
        </Badge>
        <RichText text={response.description} className="min-w-0 flex-1 text-sm" />
        {response.mediaType && (
          <code className="hidden shrink-0 font-mono text-xs text-muted-foreground sm:inline">
            {response.mediaType}
          </code>
        )}
      </button>
      {hasBody && open && (
        <div id={bodyId} className="grid gap-3 border-t px-3 py-3">
          {response.schema && (
            <SchemaView
              schema={response.schema}
              label={t('responses.schema', { status: response.status })}
            />
          )}
          {response.example !== undefined && (
            <div className="grid gap-1">
              <h4 className="text-xs font-medium text-muted-foreground">
                {t('responses.example')}
              </h4>
              <pre
                tabIndex={0}
                className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {JSON.stringify(response.example, null, 2)}
              </pre>
            </div>
          )}
        </div>
      )}
    </li>
  )
}
