import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'rounded-xl border bg-card p-5 text-card-foreground shadow-xs md:p-6',
        className,
      )}
      {...props}
    />
  )
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold wrap-anywhere', className)} {...props} />
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p className={cn('mt-1 text-sm wrap-anywhere text-muted-foreground', className)} {...props} />
  )
}
