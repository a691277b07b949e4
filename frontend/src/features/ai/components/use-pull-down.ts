import { useRef, useState, type PointerEvent, type RefObject, type TouchEvent } from 'react'

/** Spec §9: a pull of more than this many pixels at the top of the messages opens the history. */
const PULL_DOWN_THRESHOLD_PX = 50

/**
 * Pull-down at the top of a scroll container (spec §2.5): a drag that starts while the
 * container is scrolled to the top and ends more than 50 px lower calls `onPull`. Touch uses
 * touch events (pointer events are cancelled once the browser starts panning); a mouse or pen
 * uses pointer events. Returns the handlers and the current pull distance for an indicator.
 */
export function usePullDown(
  scrollRef: RefObject<HTMLElement | null>,
  { enabled, onPull }: { enabled: boolean; onPull: () => void },
) {
  const startY = useRef<number | null>(null)
  const distanceRef = useRef(0)
  const [distance, setDistance] = useState(0)

  const begin = (y: number) => {
    const element = scrollRef.current
    startY.current = enabled && element && element.scrollTop <= 0 ? y : null
    distanceRef.current = 0
  }
  const move = (y: number) => {
    if (startY.current === null) return
    distanceRef.current = Math.max(0, y - startY.current)
    setDistance(distanceRef.current)
  }
  const end = () => {
    if (startY.current === null) return
    const pulled = distanceRef.current
    startY.current = null
    distanceRef.current = 0
    setDistance(0)
    if (pulled > PULL_DOWN_THRESHOLD_PX) onPull()
  }
  const cancel = () => {
    startY.current = null
    distanceRef.current = 0
    setDistance(0)
  }
  const touchY = (event: TouchEvent) =>
    event.touches[0]?.clientY ?? event.changedTouches[0]?.clientY

  const handlers = {
    onTouchStart: (event: TouchEvent) => {
      const y = touchY(event)
      if (event.touches.length === 1 && y !== undefined) begin(y)
    },
    onTouchMove: (event: TouchEvent) => {
      const y = touchY(event)
      if (y !== undefined) move(y)
    },
    onTouchEnd: end,
    onTouchCancel: cancel,
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'touch' && event.button === 0) begin(event.clientY)
    },
    onPointerMove: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') move(event.clientY)
    },
    onPointerUp: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') end()
    },
    onPointerCancel: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') cancel()
    },
  }
  return { handlers, distance, ready: distance > PULL_DOWN_THRESHOLD_PX }
}
