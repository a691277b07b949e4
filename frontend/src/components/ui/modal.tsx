import { X } from 'lucide-react'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { openModal, type ModalHandle } from '@/lib/modal-stack.ts'
import { cn } from '@/lib/utils.ts'

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',')

function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => !element.closest('[hidden],[inert]'),
  )
}

export interface ModalProps {
  open: boolean
  /** Called for Escape, the close button, a backdrop click and the browser's Back button. */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog'
  size?: 'sm' | 'md' | 'lg' | 'xl'
  /**
   * The children draw the whole panel: no padding, no title block, no close button, and the
   * panel does not scroll (the children do). The dialog is named by `title`, then a string.
   */
  bare?: boolean
  /** Element to focus when the modal opens; defaults to the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>
  hideCloseButton?: boolean
  /** False: no history entry, so Back does not close it (see `openModal`). */
  history?: boolean
  className?: string
}

const sizes = { sm: 'md:max-w-sm', md: 'md:max-w-md', lg: 'md:max-w-2xl', xl: 'md:max-w-4xl' }

/**
 * A modal on the app's modal stack (spec §4.3): z-index from 1000 upwards, page scroll locked,
 * Back / Escape / backdrop close it, and focus stays inside while it is the top one.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null
  return <OpenModal {...props} />
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  role = 'dialog',
  size = 'md',
  initialFocusRef,
  hideCloseButton = false,
  bare = false,
  history = true,
  className,
}: ModalProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const descriptionId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const handleRef = useRef<ModalHandle | null>(null)
  const onCloseRef = useRef(onClose)
  const pointerDownOnBackdrop = useRef(false)
  const [zIndex, setZIndex] = useState<number>()

  useLayoutEffect(() => {
    onCloseRef.current = onClose
  })

  useLayoutEffect(() => {
    const handle = openModal(() => onCloseRef.current(), { history })
    handleRef.current = handle
    setZIndex(handle.zIndex)
    return () => {
      handleRef.current = null
      handle.release()
    }
    // Decided when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Initial focus, and focus back to where it was once the modal goes away.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const panel = panelRef.current
    if (panel) (initialFocusRef?.current ?? tabbables(panel)[0] ?? panel).focus()
    return () => {
      if (previous?.isConnected) previous.focus()
    }
    // Only on open: a changing ref must not steal focus while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !handleRef.current?.isTop()) return
      event.preventDefault()
      onCloseRef.current()
    }
    // Focus that wanders outside (e.g. a click on the page behind) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current
      if (!panel || !handleRef.current?.isTop()) return
      if (event.target instanceof Node && !panel.contains(event.target)) {
        ;(tabbables(panel)[0] ?? panel).focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [])

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return
    const focusable = tabbables(panelRef.current)
    const first = focusable[0]
    const last = focusable.at(-1)
    if (!first || !last) {
      event.preventDefault()
      return
    }
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === panelRef.current)
    ) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div
      data-modal-backdrop=""
      style={{ zIndex }}
      className="fixed inset-0 flex animate-fade-in items-end justify-center bg-backdrop md:items-center md:p-4"
      onPointerDown={(event) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        if (pointerDownOnBackdrop.current && event.target === event.currentTarget) onClose()
        pointerDownOnBackdrop.current = false
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={bare ? undefined : titleId}
        aria-label={bare && typeof title === 'string' ? title : undefined}
        aria-describedby={description && !bare ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
        className={cn(
          'relative flex w-full animate-dialog-in flex-col rounded-t-2xl bg-card text-card-foreground shadow-xl outline-none md:rounded-2xl',
          bare
            ? 'overflow-hidden'
            : // On phones a bottom sheet that clears the home indicator.
              'max-h-[90vh] overflow-y-auto p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] md:p-6',
          sizes[size],
          className,
        )}
      >
        {!bare && (
          <div className="mb-4 pe-8">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                {description}
              </p>
            )}
          </div>
        )}
        {children}
        {/* Last in the DOM so the first field, not the close button, gets the initial focus. */}
        {!hideCloseButton && !bare && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('actions.close')}
            className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>,
    document.body,
  )
}
