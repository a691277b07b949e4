import { createFileRoute, notFound } from '@tanstack/react-router'
import { findComponent } from '@/features/developers/components/theme/registry.ts'
import { ThemeComponentPage } from '@/features/developers/components/theme/theme-component-page.tsx'

export const Route = createFileRoute('/developers/theme/$name')({
  // The registry (and every demo) stays in the page chunk.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ params }) => {
    const component = findComponent(params.name)
    if (!component) throw notFound()
    return component
  },
  component: function ThemeComponentRoute() {
    return <ThemeComponentPage component={Route.useLoaderData()} />
  },
})
