import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { useToast } from '@/lib/toast.ts'
import type { User } from '@/lib/user.ts'
import { LOGIN_MODES } from './login-modes.ts'
import { RegisterForm } from './register-form.tsx'

/** Spec §9. */
export const MODE_SWITCH_SUBMIT_BLOCK_MS = 200
export const LOGIN_CLOSE_DELAY_MS = 500

type View = 'login' | 'register'
const DEFAULT_MODE = LOGIN_MODES[0].id

function blockSubmission(until: { current: number }): void {
  until.current = Date.now() + MODE_SWITCH_SUBMIT_BLOCK_MS
}

function submissionAllowed(until: { current: number }): boolean {
  return Date.now() >= until.current
}

interface LoginDialogProps {
  open: boolean
  onClose: () => void
}

/**
 * The login dialog of spec §2.3. Form state lives in the modal's content, which unmounts on
 * close, so every way of closing it (Escape, close button, backdrop, Back) resets all fields;
 * the dialog itself resets the view and the mode.
 */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const { t } = useTranslation('auth')
  const toast = useToast()
  const [view, setView] = useState<View>('login')
  const [modeId, setModeId] = useState(DEFAULT_MODE)
  const submitBlockedUntil = useRef(0)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const close = () => {
    clearTimeout(closeTimer.current)
    setView('login')
    setModeId(DEFAULT_MODE)
    submitBlockedUntil.current = 0
    onClose()
  }

  const switchTo = (nextView: View, nextMode: string = modeId) => {
    blockSubmission(submitBlockedUntil)
    setView(nextView)
    setModeId(nextMode)
  }

  const submitAllowed = () => submissionAllowed(submitBlockedUntil)

  const succeed = (message: string) => {
    clearTimeout(closeTimer.current)
    closeTimer.current = setTimeout(() => {
      toast.success(message)
      close()
    }, LOGIN_CLOSE_DELAY_MS)
  }

  const mode = LOGIN_MODES.find((candidate) => candidate.id === modeId) ?? LOGIN_MODES[0]
  const otherModes = LOGIN_MODES.filter((candidate) => candidate.id !== mode.id)
  const onLogin = (user: User) =>
    succeed(t('login.welcome', { name: user.nickname || user.username }))
  const onRegister = (user: User) =>
    succeed(t('register.welcome', { name: user.nickname || user.username }))

  return (
    <Modal
      open={open}
      onClose={close}
      title={view === 'login' ? t('login.title') : t('register.title')}
      description={view === 'login' ? t('login.description') : t('register.description')}
    >
      {view === 'login' ? (
        <div className="grid gap-5">
          <mode.Form key={mode.id} submitAllowed={submitAllowed} onSuccess={onLogin} />
          {otherModes.length > 0 && (
            <div className="grid gap-3">
              <p className="flex items-center gap-3 text-xs text-muted-foreground">
                <span aria-hidden="true" className="h-px flex-1 bg-border" />
                {t('login.otherMethods')}
                <span aria-hidden="true" className="h-px flex-1 bg-border" />
              </p>
              <div className="flex flex-wrap justify-center gap-2">
                {otherModes.map(({ id, icon: Icon, label }) => (
                  <Button
                    key={id}
                    variant="outline"
                    size="sm"
                    onClick={() => switchTo('login', id)}
                  >
                    <Icon aria-hidden="true" />
                    {label(t)}
                  </Button>
                ))}
              </div>
            </div>
          )}
          <p className="text-center text-sm text-muted-foreground">
            {t('login.noAccount')}{' '}
            <Button variant="link" onClick={() => switchTo('register')}>
              {t('login.toRegister')}
            </Button>
          </p>
        </div>
      ) : (
        <div className="grid gap-5">
          <RegisterForm submitAllowed={submitAllowed} onSuccess={onRegister} />
          <p className="text-center text-sm text-muted-foreground">
            {t('register.haveAccount')}{' '}
            <Button variant="link" onClick={() => switchTo('login', DEFAULT_MODE)}>
              {t('register.toLogin')}
            </Button>
          </p>
        </div>
      )}
    </Modal>
  )
}
