import { useRouterState } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A navigation shorter than this shows nothing: the next page is simply there. */
const PENDING_BAR_DELAY_MS = 300

/**
 * A thin bar across the top of the viewport while a navigation (the next page's code and data)
 * takes longer than {@link PENDING_BAR_DELAY_MS}. Fixed, so it moves nothing; the previous page
 * stays on screen meanwhile (the router has no pending component, see `app/router.tsx`).
 */
export function PendingBar() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  const [slow, setSlow] = useState(false)

  useEffect(() => {
    if (!loading) return
    const timer = setTimeout(() => setSlow(true), PENDING_BAR_DELAY_MS)
    return () => {
      clearTimeout(timer)
      setSlow(false)
    }
  }, [loading])

  return loading && slow ? <Bar /> : null
}

function Bar() {
  const { t } = useTranslation()
  const fillRef = useRef<HTMLDivElement>(null)

  // It cannot know how far along the load is: it creeps towards the end and never gets there.
  useLayoutEffect(() => {
    const fill = fillRef.current
    if (!fill) return
    // Commit the starting width before the transition to the end one.
    void fill.getBoundingClientRect()
    fill.style.transform = 'scaleX(0.9)'
  }, [])

  return (
    <div
      role="progressbar"
      aria-label={t('phoneNav.pending')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[1900] h-0.5"
    >
      <div
        ref={fillRef}
        className="h-full origin-left bg-primary shadow-[0_0_6px] shadow-primary/60 transition-transform duration-[8000ms] ease-out rtl:origin-right"
        style={{ transform: 'scaleX(0.15)' }}
      />
    </div>
  )
}
