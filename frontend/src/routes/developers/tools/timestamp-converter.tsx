import { createFileRoute } from '@tanstack/react-router'
import { TimestampConverterPage } from '@/features/developers/components/tools/timestamp-converter-page.tsx'

export const Route = createFileRoute('/developers/tools/timestamp-converter')({
  component: TimestampConverterPage,
})
