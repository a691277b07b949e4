import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { openModal, type ModalHandle } from '@/lib/modal-stack.ts'
import { cn } from '@/lib/utils.ts'

interface ModalProps {
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
  /** Element to focus when the modal opens (if it can take it); else the first field or button. */
  initialFocusRef?: RefObject<HTMLElement | null>
  hideCloseButton?: boolean
  /** False: no history entry, so Back does not close it (see `openModal`). */
  history?: boolean
  className?: string
}

const sizes = { sm: 'md:max-w-sm', md: 'md:max-w-md', lg: 'md:max-w-2xl', xl: 'md:max-w-4xl' }

/**
 * A modal on Radix Dialog (focus trapped inside and given back on close, the rest of the page
 * hidden from assistive technology, aria-modal, named by its title) and on the app's modal stack
 * (spec §4.3, `lib/modal-stack.ts`): z-index from 1000 upwards, page scroll locked, a history
 * entry so Back closes it; Escape and a click on the backdrop close it too.
 *
 * Escape: a control inside that uses Escape itself (a menu, a slide-over) stops its propagation,
 * and the modal stays open. Radix reads Escape on the document in the capture phase, before any
 * such control, so the modal only takes note there and closes when the same key event reaches
 * the document unstopped.
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
  const backdropRef = useRef<HTMLDivElement>(null)
  const handleRef = useRef<ModalHandle | null>(null)
  const onCloseRef = useRef(onClose)
  const escapeRef = useRef<KeyboardEvent | null>(null)
  const previousFocusRef = useRef<HTMLElement | null>(null)
  const [zIndex, setZIndex] = useState<number>()

  useLayoutEffect(() => {
    onCloseRef.current = onClose
  })

  useLayoutEffect(() => {
    // Layout effects run before Radix's focus scope moves focus inside (a passive effect).
    if (document.activeElement instanceof HTMLElement) {
      previousFocusRef.current = document.activeElement
    }
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

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event !== escapeRef.current) return
      escapeRef.current = null
      if (handleRef.current?.isTop()) onCloseRef.current()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  return createPortal(
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <div
        ref={backdropRef}
        data-modal-backdrop=""
        // Radix makes the page behind inert to the pointer; the backdrop takes the click.
        style={{ zIndex, pointerEvents: 'auto' }}
        className="fixed inset-0 flex animate-fade-in items-end justify-center bg-backdrop md:items-center md:p-4"
      >
        <Dialog.Content
          role={role}
          aria-modal="true"
          aria-label={bare && typeof title === 'string' ? title : undefined}
          onOpenAutoFocus={(event) => {
            const target = initialFocusRef?.current
            if (!target) return
            target.focus()
            // A disabled target (the assistant's input while it cannot chat) takes no focus:
            // Radix then gives it to the first field or button, not leaving it behind the modal.
            if (document.activeElement === target) event.preventDefault()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            const previous = previousFocusRef.current
            if (previous?.isConnected) previous.focus()
            // The dialog's own action removed its trigger (a request rejected, a token revoked,
            // a sign-in that replaced the login button): the page's main region takes the focus,
            // where the change shows, rather than the document's body (the shell's <main>).
            else document.getElementById('main')?.focus()
          }}
          onKeyDown={(event) => {
            // Radix's trap loops Tab from the last element and Shift+Tab from the first, but not
            // Shift+Tab from the dialog itself, where it puts the focus when the focused element
            // leaves the DOM (a message re-rendered): the browser moves out, the trap puts the
            // focus back on the dialog, and Shift+Tab is stuck there. Go to the last element.
            if (event.key !== 'Tab' || !event.shiftKey || event.target !== event.currentTarget)
              return
            const last = tabbables(event.currentTarget).at(-1)
            if (!last) return
            event.preventDefault()
            last.focus()
          }}
          onEscapeKeyDown={(event) => {
            event.preventDefault()
            escapeRef.current = event
          }}
          // Only the backdrop closes it: a toast or anything else above stays clickable.
          onPointerDownOutside={(event) => {
            if (event.detail.originalEvent.target !== backdropRef.current) event.preventDefault()
          }}
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
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                  {description}
                </Dialog.Description>
              )}
            </div>
          )}
          {children}
          {/* Last in the DOM so the first field, not the close button, gets the initial focus. */}
          {!hideCloseButton && !bare && (
            <Dialog.Close
              aria-label={t('actions.close')}
              className="absolute end-3 top-3 inline-flex size-9 max-md:end-2 max-md:top-2 max-md:size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </div>
    </Dialog.Root>,
    document.body,
  )
}

/** The elements Tab reaches inside `root`, in document order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(
    root.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]',
    ),
  ).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.closest('[inert], [hidden]') &&
      // Rendered (not display: none); jsdom, without checkVisibility, counts everything.
      (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  )
}
