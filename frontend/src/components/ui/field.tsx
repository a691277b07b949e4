import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/utils.ts'

/** Props a field hands to its control so label, hint and error are wired up for assistive tech. */
interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldProps {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** Shown at the end of the label row, e.g. a length counter; also describes the control. */
  aside?: ReactNode
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

export function Field({ label, hint, error, aside, className, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const asideId = aside ? `${id}-aside` : undefined
  const describedBy = [errorId, hintId, asideId].filter(Boolean).join(' ') || undefined
  const labelElement = (
    <label htmlFor={id} className="text-sm font-medium">
      {label}
    </label>
  )
  return (
    <div className={cn('grid gap-1.5', className)}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelElement}
          <span id={asideId} className="text-xs">
            {aside}
          </span>
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-xs text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
