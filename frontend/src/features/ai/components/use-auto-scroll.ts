import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/** Spec §9: within this distance of the bottom the list keeps following new content. */
const SCROLL_BOTTOM_TOLERANCE_PX = 10

function distanceFromBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight
}

/**
 * Keeps a scroll container at the bottom while content arrives (spec §4.5), unless the user
 * has scrolled up more than 10 px; scrolling back down resumes following. `signature` changes
 * whenever the content does (new message, streamed text); content that grows by itself (a
 * lazily rendered answer) is caught by a ResizeObserver on `contentRef`.
 */
export function useAutoScroll(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  signature: unknown,
) {
  const following = useRef(true)

  const scrollToBottom = useCallback(() => {
    const element = scrollRef.current
    if (element) element.scrollTop = element.scrollHeight
  }, [scrollRef])

  /** Follows again and jumps to the bottom (the modal opened, a message was sent). */
  const stickToBottom = useCallback(() => {
    following.current = true
    scrollToBottom()
  }, [scrollToBottom])

  const onScroll = useCallback(() => {
    const element = scrollRef.current
    if (element) following.current = distanceFromBottom(element) <= SCROLL_BOTTOM_TOLERANCE_PX
  }, [scrollRef])

  useLayoutEffect(() => {
    if (following.current) scrollToBottom()
  }, [signature, scrollToBottom])

  useEffect(() => {
    const content = contentRef.current
    if (!content || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToBottom()
    })
    observer.observe(content)
    return () => observer.disconnect()
  }, [contentRef, scrollToBottom])

  return { onScroll, stickToBottom }
}
