import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '@/lib/toast.ts'

/** Copies text to the clipboard and says so in a toast (or that it could not). */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation('apidocs')
  const toast = useToast()
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text)
        toast.success(t('copy.done'))
      } catch (error) {
        console.error('Copy to the clipboard failed', error)
        toast.error(t('copy.failed'))
      }
    },
    [t, toast],
  )
}
