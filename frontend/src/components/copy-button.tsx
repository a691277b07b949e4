import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonProps } from '@/components/ui/button.tsx'
import { useToast } from '@/lib/toast.ts'
import { copyText } from '@/lib/clipboard.ts'

/** How long the button shows its tick after a copy. */
const COPIED_MS = 2000

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string
  /** Accessible name, e.g. "Copy the token"; the visible label when `showLabel`. */
  label: string
  showLabel?: boolean
}

/** Copies `text`; the icon turns into a tick for 2 s, and a failure says so in a toast. */
export function CopyButton({
  text,
  label,
  showLabel = false,
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const { t } = useTranslation('common')
  const toast = useToast()
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const Icon = copied ? Check : Copy
  return (
    <>
      <Button
        variant={variant}
        size={size}
        iconOnly={!showLabel}
        aria-label={showLabel ? undefined : label}
        title={label}
        onClick={() =>
          copyText(text).then(
            () => setCopied(true),
            (error: unknown) => {
              console.error('Copy to the clipboard failed', error)
              toast.error(t('copy.failed'))
            },
          )
        }
        {...props}
      >
        <Icon aria-hidden="true" className={copied ? 'text-success' : undefined} />
        {showLabel && (copied ? t('copy.done') : label)}
      </Button>
      <span role="status" className="sr-only">
        {copied ? t('copy.done') : ''}
      </span>
    </>
  )
}
