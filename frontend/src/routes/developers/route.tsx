import { createFileRoute } from '@tanstack/react-router'
import { DevelopersLayout } from '@/features/developers/components/developers-layout.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

// The portal's messages arrive with its first page (a lazy namespace, lib/i18n.ts).
export const Route = createFileRoute('/developers')({
  loader: () => loadNamespace('developers'),
  component: DevelopersLayout,
})
