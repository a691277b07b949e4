import { cva, type VariantProps } from 'class-variance-authority'
import { ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

/*
 * A styled native <select>: keyboard, screen readers and the phone's own picker work as the
 * platform intends, at no bundle cost. Radix Select (a custom listbox) pays off only when the
 * options need rich content.
 */
const selectVariants = cva(
  [
    'w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-background text-foreground shadow-xs',
    'transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:border-ring',
    'disabled:cursor-not-allowed disabled:opacity-50',
    'aria-invalid:border-error aria-invalid:focus-visible:ring-error',
  ],
  {
    variants: {
      // The same heights and text sizes as <Input>; room at the end for the chevron.
      size: {
        sm: 'h-8 ps-2.5 pe-8 text-base max-md:h-11 md:text-sm',
        md: 'h-10 ps-3 pe-9 text-base max-md:h-11 md:text-sm',
        lg: 'h-12 ps-4 pe-10 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
)

interface SelectProps
  extends Omit<ComponentProps<'select'>, 'size'>, VariantProps<typeof selectVariants> {}

export function Select({ className, size, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(selectVariants({ size }), className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  )
}
