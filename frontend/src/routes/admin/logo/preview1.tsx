import { createFileRoute } from '@tanstack/react-router'
import { LogoPage } from '@/features/admin/components/logo-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

function Page() {
  return <LogoPage page="preview1" />
}

export const Route = createFileRoute('/admin/logo/preview1')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => loadNamespace('logo'),
  component: Page,
})
