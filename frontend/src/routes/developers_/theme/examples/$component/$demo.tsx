import { createFileRoute, notFound } from '@tanstack/react-router'
import { findDemo } from '@/features/developers/components/theme/registry.ts'
import { ThemeExamplePage } from '@/features/developers/components/theme/theme-example-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

// Not inside the portal layout (`developers_`), and without the shell's header and footer
// (`staticData.bare`, app/shell/app-shell.tsx): the example alone, to embed or screenshot.
export const Route = createFileRoute('/developers_/theme/examples/$component/$demo')({
  staticData: { bare: true },
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ params }) => {
    const found = findDemo(params.component, params.demo)
    if (!found) throw notFound()
    await loadNamespace('developers')
    return found
  },
  component: function ThemeExampleRoute() {
    const { component, demo } = Route.useLoaderData()
    return <ThemeExamplePage component={component} demo={demo} />
  },
})
