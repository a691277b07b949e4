import { Alert } from '@/components/ui/alert.tsx'
import type { useFormError } from './use-form-error.ts'

export function FormError({ error, shaking }: ReturnType<typeof useFormError>) {
  if (!error) return null
  // A new key restarts the CSS animation for a repeated error.
  return (
    <Alert key={error.serial} shake={shaking}>
      {error.message}
    </Alert>
  )
}
