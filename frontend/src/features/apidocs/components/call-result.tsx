import { Copy } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'
import type { CallResult } from '../api/call-endpoint.ts'
import { statusTone } from './status-tone.ts'
import { useCopyText } from '@/lib/clipboard.ts'

/** The body as shown: pretty JSON, else the text as it came. */
function displayBody(result: Extract<CallResult, { kind: 'response' }>): string {
  return result.isJson ? JSON.stringify(result.body, null, 2) : result.bodyText
}

/** The answer of a try-it-out call: status, success, time, then body and headers in tabs. */
export function CallResultView({ result }: { result: CallResult }) {
  const { t, i18n } = useTranslation('apidocs')
  const copy = useCopyText()
  const headingId = useId()
  const number = new Intl.NumberFormat(i18n.resolvedLanguage === 'zh' ? 'zh-CN' : 'en-US')

  if (result.kind === 'network-error') {
    return (
      <section aria-labelledby={headingId} className="grid gap-2">
        <h4 id={headingId} className="text-sm font-semibold">
          {t('result.title')}
        </h4>
        <Alert>{t('result.networkError', { reason: result.message })}</Alert>
      </section>
    )
  }

  const body = displayBody(result)
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="me-1 text-sm font-semibold">
          {t('result.title')}
        </h4>
        <Badge tone={statusTone(result.httpStatus)} className="font-mono tabular-nums">
          {t('result.status', { status: result.httpStatus })}
        </Badge>
        <Badge tone={result.success ? 'success' : 'error'}>
          {result.success ? t('result.success') : t('result.failure')}
        </Badge>
        <span className="text-xs text-muted-foreground tabular-nums">
          {t('result.elapsed', { ms: number.format(result.elapsedMs) })}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {t('result.size', { bytes: number.format(new Blob([result.bodyText]).size) })}
        </span>
      </div>
      <Tabs defaultValue="body">
        <div className="flex items-center justify-between gap-2">
          <TabsList>
            <TabsTrigger value="body">{t('result.body')}</TabsTrigger>
            <TabsTrigger value="headers">
              {t('result.headers', { count: result.headers.length })}
            </TabsTrigger>
          </TabsList>
          <Button variant="ghost" size="xs" onClick={() => void copy(body)} disabled={!body}>
            <Copy aria-hidden="true" />
            {t('result.copyBody')}
          </Button>
        </div>
        <TabsContent value="body">
          {body ? (
            <pre
              aria-label={t('result.body')}
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {body}
            </pre>
          ) : (
            <p className="text-sm text-muted-foreground">{t('result.emptyBody')}</p>
          )}
        </TabsContent>
        <TabsContent value="headers">
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-muted p-3 font-mono text-xs">
            {result.headers.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-medium break-all">{name}</dt>
                <dd className="break-all text-muted-foreground">{value}</dd>
              </div>
            ))}
          </dl>
        </TabsContent>
      </Tabs>
    </section>
  )
}
