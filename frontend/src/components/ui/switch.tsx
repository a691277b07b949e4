import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'value'> {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/**
 * An on/off switch: a button with role="switch" (Space and Enter toggle it), named by a
 * <label htmlFor> or aria-label. Our own rather than Radix's, which measures itself with a
 * ResizeObserver for a hidden form input we do not need.
 */
export function Switch({ checked, onCheckedChange, className, onClick, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) onCheckedChange(!checked)
      }}
      className={cn(
        // On phones the button is a 44 px tall touch target around the 24 px track.
        'group inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full max-md:h-11',
        'focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        data-state={checked ? 'checked' : 'unchecked'}
        className={cn(
          'inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors',
          'bg-input data-[state=checked]:bg-primary',
          'group-focus-visible:ring-2 group-focus-visible:ring-ring group-focus-visible:ring-offset-2 group-focus-visible:ring-offset-background',
        )}
      >
        <span
          data-state={checked ? 'checked' : 'unchecked'}
          className="pointer-events-none block size-5 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5"
        />
      </span>
    </button>
  )
}
