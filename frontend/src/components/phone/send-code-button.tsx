import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'

interface SendCodeButtonProps {
  /** Seconds left of the resend countdown; 0 when none runs. */
  remaining: number
  loading: boolean
  /** False while the number is too short to send a code to. */
  allowed: boolean
  /** The whole form is disabled (e.g. after a successful login). */
  disabled?: boolean
  onClick: () => void
}

/**
 * Spec §2.3: disabled while the countdown runs, while loading or when sending is not allowed;
 * shows the seconds left ("42s"), a spinner, 'needs phone', or 'send code'.
 */
export function SendCodeButton({
  remaining,
  loading,
  allowed,
  disabled,
  onClick,
}: SendCodeButtonProps) {
  const { t } = useTranslation()
  return (
    <Button
      variant="outline"
      className="min-w-28 tabular-nums"
      disabled={remaining > 0 || !allowed || disabled}
      // aria-disabled while sending, not disabled: a focused button that turns disabled drops
      // the focus, and a dialog the request opens ("Confirm it's you") could not give it back.
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? (
        <>
          <Spinner />
          <span className="sr-only">{t('phone.sending')}</span>
        </>
      ) : remaining > 0 ? (
        t('phone.resendIn', { seconds: remaining })
      ) : allowed ? (
        t('phone.sendCode')
      ) : (
        t('phone.needsPhone')
      )}
    </Button>
  )
}
