import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { CopyButton } from '@/components/copy-button.tsx'

/**
 * The secret of the token just created, shown this once: the server keeps only a hash. It
 * stays until dismissed or the page is left; this tab also remembers it for the API docs.
 */
export function NewTokenSecret({
  name,
  secret,
  onDismiss,
}: {
  name: string
  secret: string
  onDismiss: () => void
}) {
  const { t } = useTranslation('developers')
  return (
    <section
      aria-labelledby="new-token-title"
      className="grid gap-3 rounded-xl border border-success/40 bg-success-soft p-4 md:p-5"
    >
      <h2 id="new-token-title" className="font-semibold text-success">
        {t('tokens.created.title', { name })}
      </h2>
      <div className="flex items-center gap-2">
        <code
          aria-label={t('tokens.created.secretLabel')}
          className="min-w-0 flex-1 rounded-md border bg-background px-3 py-2 font-mono text-sm break-all select-all"
        >
          {secret}
        </code>
        <CopyButton text={secret} label={t('tokens.created.copy')} showLabel size="md" />
      </div>
      <p className="flex items-start gap-2 text-sm">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <span>{t('tokens.created.once')}</span>
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          {t('tokens.created.dismiss')}
        </Button>
      </div>
    </section>
  )
}
