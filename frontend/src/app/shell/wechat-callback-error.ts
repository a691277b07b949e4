import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '@/lib/toast.ts'

const KNOWN = new Set([
  'invalid_state',
  'wechat_denied',
  'wechat_code_rejected',
  'wechat_error',
  'wechat_not_configured',
  'internal_error',
])

/**
 * The server's WeChat OAuth callback sends the browser back to `/?wechatError=<code>` when the
 * round trip failed (docs/api.md). Say so once, in the display language, and drop the parameter
 * so a reload does not repeat it.
 */
export function useWechatCallbackError(): void {
  const { t } = useTranslation('errors')
  const toast = useToast()
  useEffect(() => {
    const url = new URL(window.location.href)
    const code = url.searchParams.get('wechatError')
    if (!code) return
    const key = KNOWN.has(code) ? code : 'wechat_error'
    toast.error(t(`wechatCallback.${key}` as 'wechatCallback.wechat_error'), {
      details: t('wechatCallback.title'),
    })
    url.searchParams.delete('wechatError')
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  }, [t, toast])
}
