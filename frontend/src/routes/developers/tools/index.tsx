import { createFileRoute } from '@tanstack/react-router'
import { ToolsPage } from '@/features/developers/components/tools/tools-page.tsx'

export const Route = createFileRoute('/developers/tools/')({
  component: ToolsPage,
})
