import { Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCopyText } from '@/lib/clipboard.ts'
import { parseId } from './gallery-model.ts'

/**
 * An id as the admin console shows it: its first 8 characters (the whole id in a tooltip and to
 * assistive tech) and a button that copies the whole of it (a 44 px target). Any other text (a
 * username, a masked phone number) is shown as it is, without the button.
 */
export function ShortId({ value }: { value: string }) {
  const { t } = useTranslation('admin')
  const copy = useCopyText()
  const id = parseId(value)
  if (!id) return <span className="wrap-anywhere">{value}</span>
  return (
    <span className="inline-flex items-center gap-0.5 whitespace-nowrap" data-short-id={id}>
      <code className="font-mono text-xs" title={id}>
        <span aria-hidden="true">{id.slice(0, 8)}</span>
        <span className="sr-only">{id}</span>
      </code>
      <button
        type="button"
        className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={t('shortId.copy', { id: id.slice(0, 8) })}
        title={t('shortId.copy', { id: id.slice(0, 8) })}
        onClick={() => void copy(id)}
      >
        <Copy aria-hidden="true" className="size-4" />
      </button>
    </span>
  )
}
