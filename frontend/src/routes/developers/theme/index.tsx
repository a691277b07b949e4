import { createFileRoute } from '@tanstack/react-router'
import { ThemeIndexPage } from '@/features/developers/components/theme/theme-index-page.tsx'

export const Route = createFileRoute('/developers/theme/')({
  component: ThemeIndexPage,
})
