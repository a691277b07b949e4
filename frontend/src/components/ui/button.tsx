import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'
import { Spinner } from './spinner.tsx'

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium',
    'transition-colors select-none cursor-pointer',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-error text-error-foreground hover:bg-error-hover',
        // Quieter destructive actions that sit among outline or ghost buttons.
        'destructive-outline':
          'border border-error/40 bg-background text-error hover:bg-error-soft',
        'destructive-ghost': 'text-error hover:bg-error-soft',
        // Sizeless: sits inside running text.
        link: 'font-medium text-primary underline-offset-4 hover:underline',
      },
      // In the phone layout (below `md`) every size is at least 44 × 44 px, the touch target of
      // WCAG 2.5.5; the smaller sizes keep their look from `md` up, where a pointer is precise.
      size: {
        xs: 'h-7 px-2 text-xs max-md:min-h-11 max-md:min-w-11 [&_svg]:size-3.5',
        sm: 'h-8 px-3 text-sm max-md:min-h-11 max-md:min-w-11 [&_svg]:size-4',
        md: 'h-10 px-4 text-sm max-md:min-h-11 max-md:min-w-11 [&_svg]:size-4',
        lg: 'h-11 px-5 text-base [&_svg]:size-5',
        xl: 'h-13 px-7 text-lg [&_svg]:size-5',
      },
      iconOnly: { true: 'px-0', false: '' },
    },
    compoundVariants: [
      { iconOnly: true, size: 'xs', className: 'w-7' },
      { iconOnly: true, size: 'sm', className: 'w-8' },
      { iconOnly: true, size: 'md', className: 'w-10' },
      { iconOnly: true, size: 'lg', className: 'w-11' },
      { iconOnly: true, size: 'xl', className: 'w-13' },
    ],
    defaultVariants: { variant: 'primary', size: 'md', iconOnly: false },
  },
)

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Renders the child element (for example a router Link) with the button's styles. */
  asChild?: boolean
  /** Shows a spinner and disables the button. */
  loading?: boolean
}

export function Button({
  className,
  variant,
  size,
  iconOnly,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(
    buttonVariants({ variant, size: variant === 'link' ? null : size, iconOnly }),
    className,
  )
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    )
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  )
}
