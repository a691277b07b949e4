import type { ComponentProps } from 'react'
import { charCount } from '@/lib/text.ts'
import { cn } from '@/lib/utils.ts'

/**
 * A multi-line field styled like the kit's `<Input>` (16 px text on phones, so iOS does not
 * zoom). Its height is the caller's: `rows`, and a `min-h-*` class where it should not shrink.
 */
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

/** "12/500", red past the maximum: a field's `aside`. Counts characters, as the server does. */
export function LengthCounter({ value, max }: { value: string; max: number }) {
  const length = charCount(value)
  return (
    <span className={length > max ? 'text-error' : 'text-muted-foreground'}>
      {length}/{max}
    </span>
  )
}
