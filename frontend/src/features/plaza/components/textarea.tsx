import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

/** A multi-line field styled like the kit's `<Input>` (16 px text on phones, so iOS does not zoom). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs md:text-sm',
        'placeholder:text-muted-foreground transition-colors',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-error aria-invalid:focus-visible:ring-error',
        className,
      )}
      {...props}
    />
  )
}
