import { MessageCircle } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import type { User } from '@/lib/user.ts'
import { useBindWechat } from '@/lib/api/bind-wechat.ts'
import { LOGIN_MODES } from './login-modes.ts'
import { RegisterForm } from './register-form.tsx'
import { isWeChatBrowser } from './user-agent.ts'
import { WechatPanel } from './wechat-panel.tsx'

/** Spec §9. */
export const MODE_SWITCH_SUBMIT_BLOCK_MS = 200
export const LOGIN_CLOSE_DELAY_MS = 500
export const WECHAT_LOGIN_CLOSE_DELAY_MS = 300

type View = 'wechat' | 'login' | 'register'
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
 * the dialog itself resets the view, the mode (phone) and the bind toggle (on).
 *
 * In WeChat's in-app browser with a known openid it opens on the WeChat panel; while that
 * openid has no account, the forms offer to bind it to the account that logs in.
 */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const { t } = useTranslation('auth')
  const toast = useToast()
  // The shell fetched the session before anyone could open the dialog.
  const { wechatOpenId, hasUser } = useSession({ fetch: false })
  const [inWeChat] = useState(isWeChatBrowser)
  const [chosenView, setChosenView] = useState<View | null>(null)
  const [modeId, setModeId] = useState(DEFAULT_MODE)
  const [bindOn, setBindOn] = useState(true)
  const bindWechat = useBindWechat()
  const bindSwitchId = useId()
  const submitBlockedUntil = useRef(0)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const viewRef = useRef<HTMLDivElement>(null)
  const switched = useRef(false)

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const panelAvailable = inWeChat && wechatOpenId !== null
  const view: View = chosenView ?? (panelAvailable ? 'wechat' : 'login')
  const bindOffered = wechatOpenId !== null && !hasUser

  const close = () => {
    clearTimeout(closeTimer.current)
    setChosenView(null)
    setModeId(DEFAULT_MODE)
    setBindOn(true)
    submitBlockedUntil.current = 0
    onClose()
  }

  const switchTo = (nextView: View, nextMode: string = modeId) => {
    blockSubmission(submitBlockedUntil)
    switched.current = true
    setChosenView(nextView)
    setModeId(nextMode)
  }

  // The button that switched the view or mode goes away with it: the focus moves to the new
  // form's first field (else it falls back to the dialog itself, and Tab starts over).
  useEffect(() => {
    if (!switched.current) return
    switched.current = false
    const view = viewRef.current
    const first =
      view?.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled)') ??
      view?.querySelector<HTMLElement>('button:not(:disabled)')
    first?.focus()
  }, [chosenView, modeId])

  const submitAllowed = () => submissionAllowed(submitBlockedUntil)

  const succeed = (message: string, delay: number) => {
    clearTimeout(closeTimer.current)
    closeTimer.current = setTimeout(() => {
      toast.success(message)
      close()
    }, delay)
  }

  const welcome = (user: User, created: boolean | undefined) =>
    t(created ? 'register.welcome' : 'login.welcome', { name: user.nickname || user.username })

  /** Username or phone login, or registration: binds WeChat first if the toggle says so. */
  const onFormSuccess = (user: User, details?: { created?: boolean }) => {
    if (bindOffered && bindOn) {
      // Spec §4.1: a failed binding is only logged; the login stands.
      bindWechat.mutateAsync().catch((error: unknown) => {
        console.error('Binding WeChat after login failed', error)
      })
    }
    succeed(welcome(user, details?.created), LOGIN_CLOSE_DELAY_MS)
  }

  const onWechatSuccess = (user: User, details: { created: boolean }) =>
    succeed(welcome(user, details.created), WECHAT_LOGIN_CLOSE_DELAY_MS)

  const mode = LOGIN_MODES.find((candidate) => candidate.id === modeId) ?? LOGIN_MODES[0]
  const otherModes = LOGIN_MODES.filter((candidate) => candidate.id !== mode.id)

  const bindToggle = bindOffered ? (
    <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2.5">
      <label htmlFor={bindSwitchId} className="grid cursor-pointer gap-0.5 text-sm">
        <span className="font-medium">{t('wechat.bindToggle')}</span>
        <span className="text-xs text-muted-foreground">{t('wechat.bindToggleHint')}</span>
      </label>
      <Switch id={bindSwitchId} checked={bindOn} onCheckedChange={setBindOn} />
    </div>
  ) : null

  return (
    <Modal
      open={open}
      onClose={close}
      title={view === 'register' ? t('register.title') : t('login.title')}
      description={view === 'register' ? t('register.description') : t('login.description')}
    >
      {view === 'wechat' ? (
        <WechatPanel
          hasUser={hasUser}
          onSuccess={onWechatSuccess}
          onUseAnother={() => switchTo('login', DEFAULT_MODE)}
        />
      ) : view === 'login' ? (
        <div ref={viewRef} className="grid gap-5">
          <mode.Form
            key={mode.id}
            submitAllowed={submitAllowed}
            onSuccess={onFormSuccess}
            extra={bindToggle}
          />
          <div className="grid gap-3">
            <p className="flex items-center gap-3 text-xs text-muted-foreground">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              {t('login.otherMethods')}
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {otherModes.map(({ id, icon: Icon, label }) => (
                <Button key={id} variant="outline" size="sm" onClick={() => switchTo('login', id)}>
                  <Icon aria-hidden="true" />
                  {label(t)}
                </Button>
              ))}
              {panelAvailable && (
                <Button variant="outline" size="sm" onClick={() => switchTo('wechat')}>
                  <MessageCircle aria-hidden="true" />
                  {t('login.modes.wechat')}
                </Button>
              )}
            </div>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            {t('login.noAccount')}{' '}
            <Button variant="link" onClick={() => switchTo('register')}>
              {t('login.toRegister')}
            </Button>
          </p>
        </div>
      ) : (
        <div ref={viewRef} className="grid gap-5">
          <RegisterForm
            submitAllowed={submitAllowed}
            onSuccess={onFormSuccess}
            extra={bindToggle}
          />
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
