import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api-client.ts'
import { uploadPlazaImage } from '../api/posts.ts'
import type { PlazaImage } from '@/lib/api/types.ts'
import type { DraftImage } from '../draft.ts'
import { roomFor } from '../rules.ts'

export interface PostImageItem {
  id: string
  name: string
  /** A local preview of the file (`blob:` URL), until the server's thumbnail is there. */
  preview: string | null
  /** Bytes sent and to send. */
  loaded: number
  total: number
  state: 'queued' | 'uploading' | 'done' | 'failed'
  /** The server's (localized) reason, when it failed. */
  message?: string
  /** What the server stored, once uploaded: its id goes into the post. */
  image?: PlazaImage
}

let sequence = 0

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null
}

/** An image a kept draft brings back: uploaded already. */
function restored({ name, image }: DraftImage): PostImageItem {
  return {
    id: `image-${++sequence}`,
    name,
    preview: null,
    loaded: 1,
    total: 1,
    state: 'done',
    image,
  }
}

function forget(preview: string | null) {
  if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview)
}

/**
 * The composer's images: each file is uploaded at once (`POST /api/plaza/images`, one at a
 * time, through `lib/upload.ts` for its progress), keeps its place in the order chosen, may be
 * removed (an upload on its way is aborted) or, when it failed, retried. At most nine: `add`
 * answers how many files did not fit. Leaving the page aborts what is still going. `initial`
 * (read once) are the uploaded images of a kept draft; `onIdle` is called each time the last
 * upload on the way has ended (stored, failed or removed).
 */
export function usePostImages(initial: readonly DraftImage[] = [], onIdle?: () => void) {
  const [items, setItems] = useState<PostImageItem[]>(() => initial.map(restored))
  const itemsRef = useRef<PostImageItem[]>(items)
  const files = useRef(new Map<string, File>())
  const waiting = useRef<string[]>([])
  const current = useRef<{ id: string; abort: AbortController } | null>(null)
  const onIdleRef = useRef(onIdle)
  useEffect(() => {
    onIdleRef.current = onIdle
  })

  const commit = useCallback((next: (items: PostImageItem[]) => PostImageItem[]) => {
    itemsRef.current = next(itemsRef.current)
    setItems(itemsRef.current)
  }, [])

  const update = useCallback(
    (id: string, patch: Partial<PostImageItem>) =>
      commit((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [commit],
  )

  const pump = useCallback(async () => {
    if (current.current) return
    for (let id = waiting.current.shift(); id; id = waiting.current.shift()) {
      const file = files.current.get(id)
      if (!file) continue
      const abort = new AbortController()
      current.current = { id, abort }
      update(id, { state: 'uploading', loaded: 0 })
      try {
        const image = await uploadPlazaImage(file, {
          signal: abort.signal,
          onProgress: ({ loaded, total }) => update(id, { loaded, total }),
        })
        update(id, { state: 'done', loaded: file.size, total: file.size, image })
      } catch (error) {
        if (!abort.signal.aborted) update(id, { state: 'failed', message: errorMessage(error) })
      } finally {
        current.current = null
      }
    }
    onIdleRef.current?.()
  }, [update])

  /** Adds what fits of `chosen`; answers how many were left out. */
  const add = useCallback(
    (chosen: readonly File[]): number => {
      const fits = roomFor(itemsRef.current.length, chosen.length)
      const taken = chosen.slice(0, fits).map((file) => ({ id: `image-${++sequence}`, file }))
      for (const { id, file } of taken) files.current.set(id, file)
      commit((list) => [
        ...list,
        ...taken.map(({ id, file }) => ({
          id,
          name: file.name,
          preview: previewOf(file),
          loaded: 0,
          total: file.size,
          state: 'queued' as const,
        })),
      ])
      waiting.current.push(...taken.map(({ id }) => id))
      void pump()
      return chosen.length - fits
    },
    [commit, pump],
  )

  const remove = useCallback(
    (id: string) => {
      if (current.current?.id === id) current.current.abort.abort()
      waiting.current = waiting.current.filter((waitingId) => waitingId !== id)
      files.current.delete(id)
      forget(itemsRef.current.find((item) => item.id === id)?.preview ?? null)
      commit((list) => list.filter((item) => item.id !== id))
    },
    [commit],
  )

  const retry = useCallback(
    (id: string) => {
      if (!files.current.has(id)) return
      update(id, { state: 'queued', loaded: 0, message: undefined })
      waiting.current.push(id)
      void pump()
    },
    [pump, update],
  )

  /** Forgets every image (after posting). */
  const clear = useCallback(() => {
    current.current?.abort.abort()
    waiting.current = []
    files.current.clear()
    for (const item of itemsRef.current) forget(item.preview)
    commit(() => [])
  }, [commit])

  useEffect(
    () => () => {
      waiting.current = []
      current.current?.abort.abort()
      for (const item of itemsRef.current) forget(item.preview)
    },
    [],
  )

  /** Takes out the uploaded images whose server ids are in `imageIds` (gone from the server). */
  const drop = useCallback(
    (imageIds: readonly string[]) => {
      for (const item of itemsRef.current) {
        if (item.image && imageIds.includes(item.image.id)) remove(item.id)
      }
    },
    [remove],
  )

  /** The images as they are now (before React renders them). */
  const now = useCallback(() => itemsRef.current, [])

  return { items, add, remove, retry, clear, drop, now }
}
