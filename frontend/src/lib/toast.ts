import { atom, useSetAtom } from 'jotai'
import { useMemo } from 'react'

export type ToastType = 'success' | 'warning' | 'error'

export interface Toast {
  id: string
  type: ToastType
  message: string
  details?: string
  /** Milliseconds until the toast removes itself. */
  duration: number
  /** When it was added (ms since epoch); the countdown bar is computed from it. */
  timestamp: number
}

interface ToastInput {
  type: ToastType
  message: string
  details?: string
  duration?: number
}

/** Spec §9. */
const TOAST_DEFAULT_DURATION = 5000
export const TOAST_COUNTDOWN_TICK_MS = 1000

let sequence = 0
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function cancelRemoval(id: string): void {
  clearTimeout(removalTimers.get(id))
  removalTimers.delete(id)
}

export const toastsAtom = atom<Toast[]>([])
const currentIdAtom = atom<string | null>(null)

/** The toast on show (one at a time, spec §2.6) with its position for next/previous browsing. */
export const currentToastAtom = atom((get) => {
  const toasts = get(toastsAtom)
  const index = toasts.findIndex((toast) => toast.id === get(currentIdAtom))
  if (index === -1) return null
  return { toast: toasts[index] as Toast, index, total: toasts.length }
})

export const removeToastAtom = atom(null, (get, set, id: string) => {
  cancelRemoval(id)
  const toasts = get(toastsAtom)
  const index = toasts.findIndex((toast) => toast.id === id)
  if (index === -1) return
  const remaining = toasts.filter((toast) => toast.id !== id)
  set(toastsAtom, remaining)
  if (get(currentIdAtom) === id) {
    // Show the toast that took its place, or the one before it when it was the last.
    set(currentIdAtom, (remaining[index] ?? remaining[index - 1])?.id ?? null)
  }
})

/** Adds a toast, makes it the current one and schedules its removal after its duration. */
export const addToastAtom = atom(null, (_get, set, input: ToastInput): string => {
  const toast: Toast = {
    id: `toast-${Date.now()}-${++sequence}`,
    type: input.type,
    message: input.message,
    details: input.details,
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    timestamp: Date.now(),
  }
  set(toastsAtom, (toasts) => [...toasts, toast])
  set(currentIdAtom, toast.id)
  removalTimers.set(
    toast.id,
    setTimeout(() => set(removeToastAtom, toast.id), toast.duration),
  )
  return toast.id
})

function moveAtom(step: 1 | -1) {
  return atom(null, (get, set) => {
    const current = get(currentToastAtom)
    if (!current) return
    const target = get(toastsAtom)[current.index + step]
    if (target) set(currentIdAtom, target.id)
  })
}

export const nextToastAtom = moveAtom(1)
export const previousToastAtom = moveAtom(-1)

export const clearToastsAtom = atom(null, (get, set) => {
  for (const toast of get(toastsAtom)) cancelRemoval(toast.id)
  set(toastsAtom, [])
  set(currentIdAtom, null)
})

type ToastOptions = Omit<ToastInput, 'type' | 'message'>

/** `toast.success(message)`, `toast.warning(…)`, `toast.error(…)`. */
export function useToast() {
  const add = useSetAtom(addToastAtom)
  return useMemo(
    () => ({
      success: (message: string, options?: ToastOptions) =>
        add({ ...options, type: 'success', message }),
      warning: (message: string, options?: ToastOptions) =>
        add({ ...options, type: 'warning', message }),
      error: (message: string, options?: ToastOptions) =>
        add({ ...options, type: 'error', message }),
    }),
    [add],
  )
}
