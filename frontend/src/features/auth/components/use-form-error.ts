import { useCallback, useEffect, useRef, useState } from 'react'

/** Spec §9: the login error box shakes for 600 ms. */
const ERROR_SHAKE_MS = 600

/** An error message for a form, which shakes every time it is (re)shown. */
export function useFormError() {
  const [error, setError] = useState<{ message: string; serial: number } | null>(null)
  const [shaking, setShaking] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = useCallback((message: string) => {
    setError((previous) => ({ message, serial: (previous?.serial ?? 0) + 1 }))
    setShaking(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setShaking(false), ERROR_SHAKE_MS)
  }, [])

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setShaking(false)
    setError(null)
  }, [])

  return { error, shaking, show, clear }
}
