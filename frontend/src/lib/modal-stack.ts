/**
 * The modal stack of spec §4.3: modals stack with z-index increasing from 1000, the page does
 * not scroll while any is open, and each one owns a browser-history entry so Back closes it.
 */
const MODAL_BASE_Z_INDEX = 1000
const HISTORY_KEY = '__courtyardModal'

export interface ModalHandle {
  readonly zIndex: number
  isTop(): boolean
  /** Takes the modal off the stack; call once when it closes for any reason. */
  release(): void
}

interface Entry {
  id: number
  /** The history entry this modal pushed, while that entry is still the current one. */
  historyKey: string | null
  requestClose: () => void
}

const stack: Entry[] = []
let nextId = 1
/** Pops caused by our own history.back() calls, which must not close anything. */
let ownPops = 0
/** A history entry whose modal was released in this task; a modal opened in the same task
 * (React StrictMode remount, or a modal replaced by another) adopts it instead of pushing. */
let orphanedHistoryKey: string | null = null
let savedBodyStyle: { overflow: string; paddingRight: string } | null = null
let listening = false

function currentHistoryKey(): unknown {
  const state: unknown = window.history.state
  return typeof state === 'object' && state !== null
    ? (state as Record<string, unknown>)[HISTORY_KEY]
    : undefined
}

function onPopState(): void {
  if (ownPops > 0) {
    ownPops--
    return
  }
  const top = stack.at(-1)
  if (top?.historyKey && currentHistoryKey() !== top.historyKey) {
    top.historyKey = null
    top.requestClose()
  }
}

function lockScroll(): void {
  const body = document.body
  savedBodyStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
  // Keep the layout from shifting when the scrollbar disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth
  if (scrollbar > 0) {
    const current = parseFloat(getComputedStyle(body).paddingRight) || 0
    body.style.paddingRight = `${current + scrollbar}px`
  }
  body.style.overflow = 'hidden'
}

function unlockScroll(): void {
  if (!savedBodyStyle) return
  document.body.style.overflow = savedBodyStyle.overflow
  document.body.style.paddingRight = savedBodyStyle.paddingRight
  savedBodyStyle = null
}

function flushOrphan(): void {
  if (orphanedHistoryKey === null) return
  orphanedHistoryKey = null
  if (currentHistoryKey() !== undefined) {
    ownPops++
    window.history.back()
  }
}

interface OpenModalOptions {
  /**
   * Push a history entry so Back closes the modal (default). A prompt shown while the router
   * holds a navigation (leave-page guards) must not touch history, so it passes false.
   */
  history?: boolean
}

export function openModal(
  requestClose: () => void,
  { history = true }: OpenModalOptions = {},
): ModalHandle {
  if (!listening) {
    // Stays installed: our own history.back() may land after the last modal is gone.
    window.addEventListener('popstate', onPopState)
    listening = true
  }
  if (stack.length === 0) lockScroll()
  const entry: Entry = { id: nextId++, historyKey: null, requestClose }
  // Without history the entry stays null, and an orphan left by a closed modal is still dropped.
  if (history) {
    if (orphanedHistoryKey !== null && currentHistoryKey() === orphanedHistoryKey) {
      entry.historyKey = orphanedHistoryKey
    } else {
      entry.historyKey = `modal-${entry.id}`
      const state: unknown = window.history.state
      window.history.pushState(
        { ...(typeof state === 'object' ? state : {}), [HISTORY_KEY]: entry.historyKey },
        '',
      )
    }
    orphanedHistoryKey = null
  }
  stack.push(entry)
  const zIndex = MODAL_BASE_Z_INDEX + stack.length - 1
  let released = false

  return {
    zIndex,
    isTop: () => stack.at(-1) === entry,
    release() {
      if (released) return
      released = true
      const index = stack.indexOf(entry)
      if (index !== -1) stack.splice(index, 1)
      if (entry.historyKey && currentHistoryKey() === entry.historyKey) {
        // Closed by Escape, backdrop or a button: drop its history entry, unless a modal
        // opened in this same task takes it over.
        orphanedHistoryKey = entry.historyKey
        queueMicrotask(flushOrphan)
      }
      if (stack.length === 0) unlockScroll()
    },
  }
}
