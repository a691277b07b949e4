import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '@/lib/toast.ts'

/**
 * Puts text on the clipboard: the async Clipboard API where the browser offers it (https or
 * localhost), else the old `execCommand('copy')` on a hidden text area, because
 * `navigator.clipboard` is missing on plain-http origins (an intranet at http://10.0.0.5).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    if (!document.execCommand('copy')) throw new Error('copy command refused')
  } finally {
    area.remove()
  }
}

/** Copies text with {@link copyText} and says so in a toast (or that it could not). */
export function useCopyText(): (text: string) => Promise<void> {
  const { t } = useTranslation('common')
  const toast = useToast()
  return useCallback(
    async (text: string) => {
      try {
        await copyText(text)
        toast.success(t('copy.done'))
      } catch (error) {
        console.error('Copy to the clipboard failed', error)
        toast.error(t('copy.failed'))
      }
    },
    [t, toast],
  )
}
