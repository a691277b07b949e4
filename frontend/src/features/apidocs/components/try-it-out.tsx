import { useAtomValue } from 'jotai'
import { Copy, Eye, EyeOff, Play, RotateCcw } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { displayLanguage } from '@/lib/i18n.ts'
import { cn } from '@/lib/utils.ts'
import { callEndpoint, type CallResult } from '../api/call-endpoint.ts'
import type { ApiEndpoint, ApiParameter } from '../openapi.ts'
import {
  curlCommand,
  missingParameters,
  prepareRequest,
  sessionRisk,
  type TryValues,
} from '../request.ts'
import { authTypeAtom, patTokenAtom } from '../state.ts'
import { AuthPanel } from './auth-panel.tsx'
import { CallResultView } from './call-result.tsx'
import { useCopyText } from '@/lib/clipboard.ts'
import { useConfirm } from '@/lib/confirm.ts'

/** The body text a request starts with: the example, pretty-printed. */
function initialBody(endpoint: ApiEndpoint): string {
  const example = endpoint.requestBody?.example
  if (example === undefined) return ''
  return typeof example === 'string' ? example : JSON.stringify(example, null, 2)
}

function emptyValues(endpoint: ApiEndpoint): TryValues {
  return { path: {}, query: {}, header: {}, body: initialBody(endpoint) }
}

function jsonProblem(mediaType: string, text: string): string | null {
  if (!/json/i.test(mediaType) || text.trim() === '') return null
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * Try it out (spec §7's generic call): parameter fields, a JSON body prefilled from the
 * example, session or token authentication, the exact request as curl, and the answer with
 * status, time, headers and body.
 */
export function TryItOut({ endpoint }: { endpoint: ApiEndpoint }) {
  const { t } = useTranslation('apidocs')
  const copy = useCopyText()
  const confirm = useConfirm()
  const authType = useAtomValue(authTypeAtom)
  const patToken = useAtomValue(patTokenAtom)
  const [values, setValues] = useState<TryValues>(() => emptyValues(endpoint))
  const [missing, setMissing] = useState<string[]>([])
  const [tokenMissing, setTokenMissing] = useState(false)
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<CallResult | null>(null)
  const [revealToken, setRevealToken] = useState(false)
  const headingId = useId()
  const bodyId = useId()

  const request = prepareRequest(endpoint, values, {
    authType,
    patToken,
    language: displayLanguage(),
    origin: window.location.origin,
  })
  const hasToken = authType === 'pat' && patToken.trim() !== ''
  const curl = curlCommand(request, { revealToken })
  const bodyProblem = endpoint.requestBody
    ? jsonProblem(endpoint.requestBody.mediaType, values.body)
    : null

  const setValue = (location: 'path' | 'query' | 'header', name: string, value: string) => {
    setValues((current) => ({ ...current, [location]: { ...current[location], [name]: value } }))
    setMissing((names) => names.filter((missingName) => missingName !== name))
  }

  const send = async () => {
    const absent = missingParameters(endpoint, values)
    const noToken = authType === 'pat' && patToken.trim() === ''
    setMissing(absent)
    setTokenMissing(noToken)
    if (absent.length || noToken) return
    const call = async () => {
      setSending(true)
      try {
        setResult(await callEndpoint(request))
      } finally {
        setSending(false)
      }
    }
    // A request that ends this browser's session asks first.
    const risk = sessionRisk(endpoint)
    if (risk === null) return call()
    confirm({
      title: t('try.confirmSignOut.title'),
      description: t(
        risk === 'signs-out' ? 'try.confirmSignOut.signsOut' : 'try.confirmSignOut.maySignOut',
      ),
      confirmLabel: t('try.confirmSignOut.send'),
      destructive: true,
      onConfirm: call,
    })
  }

  const fields = (['path', 'query', 'header'] as const).flatMap((location) =>
    endpoint.parameters[location].map((param) => ({ location, param })),
  )

  return (
    <Card aria-labelledby={headingId} className="grid gap-5 p-4 md:p-5">
      <h3 id={headingId} className="text-base font-semibold">
        {t('try.title')}
      </h3>

      <AuthPanel
        auth={endpoint.auth}
        tokenError={tokenMissing && !hasToken ? t('auth.secretRequired') : undefined}
      />

      {fields.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map(({ location, param }) => (
            <ParameterField
              key={`${location}:${param.name}`}
              param={param}
              location={location}
              value={values[location][param.name] ?? ''}
              onChange={(value) => setValue(location, param.name, value)}
              missing={missing.includes(param.name)}
            />
          ))}
        </div>
      )}

      {endpoint.requestBody && (
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={bodyId} className="text-sm font-medium">
              {t('try.body', { mediaType: endpoint.requestBody.mediaType })}
            </label>
            <Button
              variant="ghost"
              size="xs"
              onClick={() => setValues((current) => ({ ...current, body: initialBody(endpoint) }))}
            >
              <RotateCcw aria-hidden="true" />
              {t('try.resetBody')}
            </Button>
          </div>
          <textarea
            id={bodyId}
            value={values.body}
            onChange={(event) => setValues((current) => ({ ...current, body: event.target.value }))}
            spellCheck={false}
            rows={Math.min(16, Math.max(4, values.body.split('\n').length + 1))}
            aria-invalid={bodyProblem ? true : undefined}
            aria-describedby={bodyProblem ? `${bodyId}-problem` : undefined}
            className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-warning"
          />
          {bodyProblem && (
            <p id={`${bodyId}-problem`} className="text-xs text-warning">
              {t('try.invalidJson', { reason: bodyProblem })}
            </p>
          )}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void send()} loading={sending}>
          {!sending && <Play aria-hidden="true" />}
          {t('try.send')}
        </Button>
        <Button variant="outline" onClick={() => void copy(curl)}>
          <Copy aria-hidden="true" />
          {t('try.copyCurl')}
        </Button>
      </div>

      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <h4 className="text-xs font-medium text-muted-foreground">{t('try.curl')}</h4>
          {hasToken && (
            <Button
              variant="ghost"
              size="xs"
              aria-pressed={revealToken}
              onClick={() => setRevealToken((shown) => !shown)}
            >
              {revealToken ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {revealToken ? t('try.hideToken') : t('try.revealToken')}
            </Button>
          )}
        </div>
        <pre
          aria-label={t('try.curl')}
          tabIndex={0}
          className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {curl}
        </pre>
        {hasToken && !revealToken && (
          <p className="text-xs text-muted-foreground">{t('try.curlTokenNote')}</p>
        )}
        {authType === 'sta' && !endpoint.auth.public && (
          <p className="text-xs text-muted-foreground">{t('try.curlSessionNote')}</p>
        )}
      </div>

      <div aria-live="polite" className={cn(!result && 'sr-only')}>
        {result && <CallResultView result={result} />}
      </div>
    </Card>
  )
}

function ParameterField({
  param,
  location,
  value,
  onChange,
  missing,
}: {
  param: ApiParameter
  location: 'path' | 'query' | 'header'
  value: string
  onChange: (value: string) => void
  missing: boolean
}) {
  const { t } = useTranslation('apidocs')
  const example = param.example ?? param.enum?.[0]
  return (
    <Field
      label={
        <span className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="font-mono">{param.name}</span>
          {param.required && (
            <span className="text-error" aria-hidden="true">
              *
            </span>
          )}
          <span className="text-xs font-normal text-muted-foreground">
            {t(`parameters.${location}`)} · {param.type}
          </span>
          {param.required && <span className="sr-only">{t('schema.required')}</span>}
        </span>
      }
      hint={param.description || undefined}
      error={missing ? t('try.required') : undefined}
    >
      {(control) => (
        <Input
          {...control}
          size="sm"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={example === undefined ? undefined : String(example)}
          required={param.required}
          className="font-mono"
        />
      )}
    </Field>
  )
}
