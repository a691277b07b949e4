import { createFileRoute } from '@tanstack/react-router'
import { DevelopersOverviewPage } from '@/features/developers/components/overview-page.tsx'

export const Route = createFileRoute('/developers/')({
  component: DevelopersOverviewPage,
})
