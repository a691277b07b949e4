import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

export const inputVariants = cva(
  [
    'w-full min-w-0 rounded-md border border-input bg-background text-foreground shadow-xs',
    'placeholder:text-muted-foreground transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:border-ring',
    'disabled:cursor-not-allowed disabled:opacity-50',
    'aria-invalid:border-error aria-invalid:focus-visible:ring-error',
  ],
  {
    variants: {
      // Phones get 16 px text so iOS does not zoom into a focused field.
      size: {
        sm: 'h-8 px-2.5 text-base max-md:h-11 md:text-sm',
        md: 'h-10 px-3 text-base max-md:h-11 md:text-sm',
        lg: 'h-12 px-4 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
)

export interface InputProps
  extends Omit<ComponentProps<'input'>, 'size'>, VariantProps<typeof inputVariants> {}

export function Input({ className, size, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(inputVariants({ size }), className)} {...props} />
}
