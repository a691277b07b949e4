import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from './api-client.ts'
import type { UploadOptions } from './upload.ts'

export interface UploadItem<T> {
  id: string
  name: string
  /** A local preview of the file (`blob:` URL) when asked for, until the server's is there. */
  preview: string | null
  /** Bytes sent and to send. */
  loaded: number
  total: number
  state: 'queued' | 'uploading' | 'done' | 'failed'
  /** The server's (localized) reason, when it failed. */
  message?: string
  /** What the server answered, once uploaded. */
  result?: T
}

interface UploadQueueOptions<T> {
  /** Sends one file (`lib/upload.ts` gives the progress); rejects with the server's refusal. */
  upload: (file: File, options: UploadOptions) => Promise<T>
  /** Files sent at once; the rest wait their turn. */
  parallel: number
  /** Make a `blob:` preview of each file (revoked when it leaves the list). */
  previews?: boolean
  /** Items uploaded before (a kept draft's), read once. */
  initial?: () => readonly { name: string; result: T }[]
  /** Each time a file is stored. */
  onUploaded?: (result: T) => void
  /** Each time the last upload on its way has ended (stored, failed or removed). */
  onIdle?: () => void
}

let sequence = 0

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null
}

function forget(preview: string | null) {
  if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview)
}

/**
 * The one upload queue (the plaza composer's images, a group's gallery): every file gets its
 * entry with its progress, `parallel` go at a time and the rest wait in the order chosen; an
 * entry may be removed (its upload on the way is aborted) and, when it failed, retried with the
 * server's message shown. Leaving the page aborts what is still going.
 */
export function useUploadQueue<T>({
  upload,
  parallel,
  previews = false,
  initial,
  onUploaded,
  onIdle,
}: UploadQueueOptions<T>) {
  const [items, setItems] = useState<UploadItem<T>[]>(() =>
    (initial?.() ?? []).map(({ name, result }) => ({
      id: `upload-${++sequence}`,
      name,
      preview: null,
      loaded: 1,
      total: 1,
      state: 'done' as const,
      result,
    })),
  )
  const itemsRef = useRef<UploadItem<T>[]>(items)
  const files = useRef(new Map<string, File>())
  const waiting = useRef<string[]>([])
  const running = useRef(new Map<string, AbortController>())
  const workers = useRef(0)
  const callbacks = useRef({ upload, onUploaded, onIdle })
  useEffect(() => {
    callbacks.current = { upload, onUploaded, onIdle }
  })

  const commit = useCallback((next: (items: UploadItem<T>[]) => UploadItem<T>[]) => {
    itemsRef.current = next(itemsRef.current)
    setItems(itemsRef.current)
  }, [])

  const update = useCallback(
    (id: string, patch: Partial<UploadItem<T>>) =>
      commit((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [commit],
  )

  const uploadOne = useCallback(
    async (id: string, file: File) => {
      const abort = new AbortController()
      running.current.set(id, abort)
      update(id, { state: 'uploading', loaded: 0 })
      try {
        const result = await callbacks.current.upload(file, {
          signal: abort.signal,
          onProgress: ({ loaded, total }) => update(id, { loaded, total }),
        })
        update(id, { state: 'done', loaded: file.size, total: file.size, result })
        callbacks.current.onUploaded?.(result)
      } catch (error) {
        if (!abort.signal.aborted) update(id, { state: 'failed', message: errorMessage(error) })
      } finally {
        running.current.delete(id)
      }
    },
    [update],
  )

  /** Starts workers up to the limit; each takes files off the queue until it is empty. */
  const pump = useCallback(() => {
    const work = async () => {
      for (let id = waiting.current.shift(); id; id = waiting.current.shift()) {
        const file = files.current.get(id)
        if (file) await uploadOne(id, file)
      }
      workers.current--
      if (workers.current === 0) callbacks.current.onIdle?.()
    }
    while (workers.current < parallel && waiting.current.length > 0) {
      workers.current++
      void work()
    }
  }, [parallel, uploadOne])

  const add = useCallback(
    (chosen: readonly File[]) => {
      const taken = chosen.map((file) => ({ id: `upload-${++sequence}`, file }))
      for (const { id, file } of taken) files.current.set(id, file)
      commit((list) => [
        ...list,
        ...taken.map(({ id, file }) => ({
          id,
          name: file.name,
          preview: previews ? previewOf(file) : null,
          loaded: 0,
          total: file.size,
          state: 'queued' as const,
        })),
      ])
      waiting.current.push(...taken.map(({ id }) => id))
      pump()
    },
    [commit, previews, pump],
  )

  const remove = useCallback(
    (id: string) => {
      running.current.get(id)?.abort()
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
      pump()
    },
    [pump, update],
  )

  /** Drops the finished and failed entries from the list. */
  const clearFinished = useCallback(() => {
    const active = (item: UploadItem<T>) => item.state === 'queued' || item.state === 'uploading'
    for (const item of itemsRef.current) {
      if (active(item)) continue
      files.current.delete(item.id)
      forget(item.preview)
    }
    commit((list) => list.filter(active))
  }, [commit])

  /** Forgets every entry, aborting what is on its way. */
  const clear = useCallback(() => {
    for (const abort of running.current.values()) abort.abort()
    waiting.current = []
    files.current.clear()
    for (const item of itemsRef.current) forget(item.preview)
    commit(() => [])
  }, [commit])

  useEffect(() => {
    const pending = running.current
    return () => {
      waiting.current = []
      for (const abort of pending.values()) abort.abort()
      for (const item of itemsRef.current) forget(item.preview)
    }
  }, [])

  /** The entries as they are now (before React renders them). */
  const now = useCallback(() => itemsRef.current, [])

  return { items, add, remove, retry, clear, clearFinished, now }
}
