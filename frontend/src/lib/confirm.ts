import { atom, useSetAtom } from 'jotai'

export type ConfirmType = 'confirm' | 'info' | 'success' | 'warning' | 'error'

export interface ConfirmOptions {
  title: string
  description?: string
  /** Only 'confirm' shows a cancel button (spec §2.6). Default 'confirm'. */
  type?: ConfirmType
  confirmLabel?: string
  cancelLabel?: string
  /** Styles the confirm button as a destructive action. */
  destructive?: boolean
  /** Runs on confirm with the loading flag set; the dialog closes afterwards either way. */
  onConfirm?: () => unknown
  /** Runs when the dialog closes any other way (cancel, Escape, the backdrop, replaced). */
  onCancel?: () => void
  /** False: the dialog pushes no history entry (asked while a navigation waits on it). */
  history?: boolean
}

interface ConfirmState extends Omit<ConfirmOptions, 'type'> {
  open: boolean
  loading: boolean
  type: ConfirmType
}

/** Spec §9. */
const CONFIRM_REPLACE_DELAY_MS = 100
const CONFIRM_TEXT_CLEAR_DELAY_MS = 300

const closedState: ConfirmState = { open: false, loading: false, type: 'confirm', title: '' }

export const confirmStateAtom = atom<ConfirmState>(closedState)

let replaceTimer: ReturnType<typeof setTimeout> | undefined
let clearTimer: ReturnType<typeof setTimeout> | undefined

/** Closes the dialog; its texts stay until 300 ms later so the closing frame still reads well. */
export const closeConfirmAtom = atom(null, (get, set) => {
  const { open, onCancel } = get(confirmStateAtom)
  if (!open) return
  onCancel?.()
  set(confirmStateAtom, (state) => ({ ...state, open: false, loading: false }))
  clearTimeout(clearTimer)
  clearTimer = setTimeout(() => set(confirmStateAtom, closedState), CONFIRM_TEXT_CLEAR_DELAY_MS)
})

/** Shows a dialog; one already open is closed first and the new one opens 100 ms later. */
export const showConfirmAtom = atom(null, (get, set, options: ConfirmOptions) => {
  clearTimeout(replaceTimer)
  const open = () => {
    clearTimeout(clearTimer)
    set(confirmStateAtom, {
      ...options,
      type: options.type ?? 'confirm',
      open: true,
      loading: false,
    })
  }
  if (get(confirmStateAtom).open) {
    set(closeConfirmAtom)
    replaceTimer = setTimeout(open, CONFIRM_REPLACE_DELAY_MS)
  } else {
    open()
  }
})

/** Confirm: runs the callback with `loading` set, then closes. A failing callback is only logged. */
export const acceptConfirmAtom = atom(null, async (get, set) => {
  const { open, loading, onConfirm } = get(confirmStateAtom)
  if (!open || loading) return
  // Accepted: closing afterwards is not a cancel.
  set(confirmStateAtom, (state) => ({ ...state, onCancel: undefined }))
  if (onConfirm) {
    set(confirmStateAtom, (state) => ({ ...state, loading: true }))
    try {
      await onConfirm()
    } catch (error) {
      console.error('Confirm callback failed', error)
    }
  }
  set(closeConfirmAtom)
})

export function useConfirm(): (options: ConfirmOptions) => void {
  return useSetAtom(showConfirmAtom)
}
