import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

const alertVariants = cva('rounded-md border px-3 py-2 text-sm', {
  variants: {
    tone: {
      error: 'border-error/40 bg-error-soft text-error',
      warning: 'border-warning/40 bg-warning-soft text-warning',
      success: 'border-success/40 bg-success-soft text-success',
      info: 'border-info/40 bg-info-soft text-info',
    },
  },
  defaultVariants: { tone: 'error' },
})

interface AlertProps extends ComponentProps<'div'>, VariantProps<typeof alertVariants> {
  /** Plays the 600 ms shake (the login dialog's error box, spec §2.3). */
  shake?: boolean
}

export function Alert({ className, tone, shake = false, ...props }: AlertProps) {
  return (
    <div
      role={tone === 'error' || tone === undefined ? 'alert' : 'status'}
      className={cn(alertVariants({ tone }), shake && 'animate-shake', className)}
      {...props}
    />
  )
}
