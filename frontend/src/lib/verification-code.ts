import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import { ApiError } from './api-client.ts'
import { normalizePhoneNumber } from './phone.ts'
import type { PhoneRequest } from './api/types.ts'
import type { PhonePrefix } from './user.ts'

/** Spec §9: a new code may be asked for 60 s after the last one; the countdown ticks every 1 s. */
const VERIFICATION_RESEND_SECONDS = 60
const VERIFICATION_COUNTDOWN_TICK_MS = 1000

/** Spec §3: when the code was sent and how long the countdown runs. */
interface CodeCountdown {
  /** ms since epoch */
  sentAt: number
  durationSeconds: number
}

/**
 * Countdowns by phone number, in the app's jotai store: they outlive the login dialog, so closing
 * and reopening it keeps the countdown of the number a code went to.
 */
const countdownsAtom = atom<Readonly<Record<string, CodeCountdown>>>({})

export function countdownKey(prefix: string, phoneNumber: string): string {
  return `+${prefix} ${normalizePhoneNumber(phoneNumber)}`
}

/** Whole seconds left, counted from `sentAt` (never more than the duration, never negative). */
export function remainingSeconds(countdown: CodeCountdown | undefined, now: number): number {
  if (!countdown) return 0
  const elapsed = Math.max(0, now - countdown.sentAt)
  return Math.max(0, countdown.durationSeconds - Math.floor(elapsed / 1000))
}

/**
 * The countdown after a code was sent: from the server's `sentAt`. A `sentAt` the browser's clock
 * cannot place (unparsable, or off by more than the countdown itself) counts from now instead,
 * so a wrong device clock neither skips the countdown nor stretches it.
 */
export function countdownFromSend(
  response: { sentAt?: string | null },
  now: number = Date.now(),
): CodeCountdown {
  const serverSentAt = response.sentAt ? Date.parse(response.sentAt) : Number.NaN
  const plausible =
    Number.isFinite(serverSentAt) &&
    Math.abs(now - serverSentAt) < VERIFICATION_RESEND_SECONDS * 1000
  return {
    sentAt: plausible ? serverSentAt : now,
    durationSeconds: VERIFICATION_RESEND_SECONDS,
  }
}

/** For 429 `code_resend_too_soon`: the countdown the server still asks for (`retryAfter`). */
export function countdownFromTooSoon(
  error: unknown,
  now: number = Date.now(),
): CodeCountdown | null {
  if (!(error instanceof ApiError) || error.code !== 'code_resend_too_soon') return null
  const retryAfter = Number(error.body.retryAfter)
  const seconds =
    Number.isFinite(retryAfter) && retryAfter > 0
      ? Math.min(Math.ceil(retryAfter), VERIFICATION_RESEND_SECONDS)
      : VERIFICATION_RESEND_SECONDS
  return { sentAt: now, durationSeconds: seconds }
}

/** Re-renders once a second while the countdown runs and returns the seconds left. */
function useRemainingSeconds(countdown: CodeCountdown | undefined): number {
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (!countdown) return
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const current = Date.now()
      setNow(current)
      if (remainingSeconds(countdown, current) <= 0) return
      // Ticks on the whole seconds counted from sentAt, so the display never lags by a second.
      const elapsed = Math.max(0, current - countdown.sentAt)
      timer = setTimeout(
        tick,
        VERIFICATION_COUNTDOWN_TICK_MS - (elapsed % VERIFICATION_COUNTDOWN_TICK_MS),
      )
    }
    timer = setTimeout(tick, 0)
    return () => clearTimeout(timer)
  }, [countdown])

  return remainingSeconds(countdown, now)
}

/** The countdown of one number: seconds left and a way to start it. */
export function useCodeCountdown(prefix: string, phoneNumber: string) {
  const key = countdownKey(prefix, phoneNumber)
  const countdown = useAtomValue(countdownsAtom)[key]
  const setCountdowns = useSetAtom(countdownsAtom)
  const remaining = useRemainingSeconds(countdown)
  const start = useCallback(
    (next: CodeCountdown, forKey: string = key) =>
      setCountdowns((current) => ({ ...current, [forKey]: next })),
    [key, setCountdowns],
  )
  return { remaining, start, key }
}

/** The body of both send-code endpoints. */
export type SendCodeBody = PhoneRequest

/**
 * Sending a code to the number entered: `request()` calls the endpoint and starts the countdown
 * from the server's `sentAt`, or from `retryAfter` when the server says it is too soon (429
 * `code_resend_too_soon`); the caller shows the message of the result or the error.
 */
export function useCodeSender<Response extends { sentAt?: string | null }>(
  prefix: PhonePrefix,
  phoneNumber: string,
  send: (body: SendCodeBody) => Promise<Response>,
) {
  const { remaining, start, key } = useCodeCountdown(prefix, phoneNumber)
  const request = async (): Promise<Response> => {
    try {
      const response = await send({ phonePrefix: prefix, phoneNumber: phoneNumber.trim() })
      start(countdownFromSend(response), key)
      return response
    } catch (error) {
      const tooSoon = countdownFromTooSoon(error)
      if (tooSoon) start(tooSoon, key)
      throw error
    }
  }
  return { remaining, request }
}
