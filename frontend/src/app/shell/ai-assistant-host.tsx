import { useAtom } from 'jotai'
import { lazy, Suspense } from 'react'
import { aiModalOpenAtom } from '@/features/ai/open-state.ts'
import { loadNamespace } from '@/lib/i18n.ts'

// The modal's code and its messages arrive together, the first time it opens.
const AiAssistantModal = lazy(() =>
  Promise.all([
    import('@/features/ai/components/ai-assistant-modal.tsx'),
    loadNamespace('ai'),
  ]).then(([module]) => ({ default: module.AiAssistantModal })),
)

/** Renders the AI assistant (spec §2.5) only while it is open, loading its code on first use. */
export function AiAssistantHost() {
  const [open, setOpen] = useAtom(aiModalOpenAtom)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <AiAssistantModal onClose={() => setOpen(false)} />
    </Suspense>
  )
}
