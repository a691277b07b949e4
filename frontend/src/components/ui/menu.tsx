import { Check } from 'lucide-react'
import { Slot } from 'radix-ui'
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react'
import { cn } from '@/lib/utils.ts'

/*
 * A menu button following the WAI-ARIA menu-button pattern. Written here rather than taken from
 * Radix's DropdownMenu, which with its positioning engine costs 27 kB gzip, a sixth of the
 * initial-bundle budget; a header menu only ever opens below its button.
 */

interface MenuContextValue {
  close: (returnFocus: boolean) => void
}

const MenuContext = createContext<MenuContextValue | null>(null)

function useMenu(): MenuContextValue {
  const context = useContext(MenuContext)
  if (!context) throw new Error('Menu items must be inside <Menu>')
  return context
}

const ITEM_SELECTOR = '[role^="menuitem"]:not([aria-disabled="true"])'

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)) : []
}

interface MenuProps {
  /** The trigger button; it receives the ARIA wiring and the toggle handler. */
  trigger: ReactElement
  /** Accessible name of the menu. */
  label: string
  children: ReactNode
  className?: string
}

export function Menu({ trigger, label, children, className }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLElement>(null)
  const menuId = useId()

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) triggerRef.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    const items = menuItems(menuRef.current)
    const checked = items.find((item) => item.getAttribute('aria-checked') === 'true')
    ;(open === 'last' ? items.at(-1) : (checked ?? items[0]))?.focus()

    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      setOpen('first')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen('last')
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = menuItems(menuRef.current)
    const index = items.indexOf(document.activeElement as HTMLElement)
    const focus = (target: number) => items[(target + items.length) % items.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        focus(index + 1)
        break
      case 'ArrowUp':
        focus(index - 1)
        break
      case 'Home':
        focus(0)
        break
      case 'End':
        focus(items.length - 1)
        break
      case 'Escape':
        close(true)
        break
      case 'Tab':
        setOpen(false)
        return
      default:
        return
    }
    event.preventDefault()
    event.stopPropagation()
  }

  return (
    <MenuContext.Provider value={{ close }}>
      <div ref={rootRef} className="relative">
        <Slot.Root
          ref={triggerRef}
          aria-haspopup="menu"
          aria-expanded={Boolean(open)}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((current) => (current ? false : 'first'))}
          onKeyDown={onTriggerKeyDown}
        >
          {trigger}
        </Slot.Root>
        {open && (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKeyDown}
            onBlur={(event) => {
              if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
            }}
            className={cn(
              'absolute end-0 top-full z-50 mt-1.5 min-w-44 animate-fade-in rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg',
              className,
            )}
          >
            {children}
          </div>
        )}
      </div>
    </MenuContext.Provider>
  )
}

const itemClasses =
  'relative flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-start text-sm outline-none max-md:min-h-11 hover:bg-accent focus:bg-accent focus:text-accent-foreground aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0'

interface MenuItemProps {
  children: ReactNode
  onSelect?: () => void
  disabled?: boolean
  /** Render the single child (e.g. a router Link) as the item. */
  asChild?: boolean
}

export function MenuItem({ children, onSelect, disabled = false, asChild = false }: MenuItemProps) {
  const { close } = useMenu()
  const Component = asChild ? Slot.Root : 'button'
  return (
    <Component
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      className={itemClasses}
      {...(asChild ? {} : { type: 'button' as const })}
      onClick={() => {
        if (disabled) return
        onSelect?.()
        close(!asChild)
      }}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        // Links only react to Enter natively; menu items also take Space.
        if (event.key === ' ' && asChild) {
          event.preventDefault()
          event.currentTarget.click()
        }
      }}
    >
      {children}
    </Component>
  )
}

interface MenuRadioGroupProps<T extends string> {
  value: T
  onValueChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: ReactNode; icon?: ReactNode; lang?: string }>
}

export function MenuRadioGroup<T extends string>({
  value,
  onValueChange,
  options,
}: MenuRadioGroupProps<T>) {
  const { close } = useMenu()
  return (
    <div role="group">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="menuitemradio"
          aria-checked={option.value === value}
          tabIndex={-1}
          lang={option.lang}
          className={cn(itemClasses, 'ps-8')}
          onClick={() => {
            onValueChange(option.value)
            close(true)
          }}
        >
          <span
            aria-hidden="true"
            className="absolute start-2 flex size-4 items-center justify-center"
          >
            {option.value === value && <Check />}
          </span>
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  )
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="px-2 py-1.5 text-xs text-muted-foreground">{children}</div>
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-border" />
}
