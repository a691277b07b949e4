import { cn } from '@/lib/utils.ts'
import type { ApiMethod } from '../openapi.ts'

/** One colour per method, from the semantic tokens (Swagger UI's palette in our theme). */
const METHOD_CLASSES: Record<ApiMethod, string> = {
  get: 'bg-info-soft text-info border-info/30',
  post: 'bg-success-soft text-success border-success/30',
  put: 'bg-warning-soft text-warning border-warning/30',
  patch: 'bg-secondary text-secondary-foreground border-transparent',
  delete: 'bg-error-soft text-error border-error/30',
  options: 'bg-muted text-muted-foreground border-border',
  head: 'bg-muted text-foreground border-border',
}

export function MethodBadge({ method, className }: { method: ApiMethod; className?: string }) {
  return (
    <span
      data-method={method}
      className={cn(
        'inline-flex h-5 min-w-14 shrink-0 items-center justify-center rounded border px-1.5 font-mono text-[0.6875rem] font-bold tracking-wide uppercase',
        METHOD_CLASSES[method],
        className,
      )}
    >
      {method}
    </span>
  )
}
