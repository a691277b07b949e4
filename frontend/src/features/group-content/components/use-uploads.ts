import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api-client.ts'
import type { GalleryImage } from '@/lib/api/types.ts'
import { uploadImage } from '../api/upload-image.ts'

/** Files sent at once; the rest wait their turn (the server decodes a few at a time). */
export const PARALLEL_UPLOADS = 2

export interface UploadItem {
  id: string
  name: string
  /** Bytes sent and to send. */
  loaded: number
  total: number
  state: 'queued' | 'uploading' | 'done' | 'failed'
  /** The server's (localized) reason, when it failed. */
  message?: string
}

interface Job {
  id: string
  file: File
}

let sequence = 0

/**
 * The gallery's upload queue: every file gets its own entry with its progress (XMLHttpRequest's
 * upload events), `PARALLEL_UPLOADS` go at a time, a failure keeps its entry with the server's
 * message and may be retried. Leaving the page aborts what is still going.
 */
export function useUploads(groupId: string, onUploaded: (image: GalleryImage) => void) {
  const [items, setItems] = useState<UploadItem[]>([])
  const waiting = useRef<Job[]>([])
  const files = useRef(new Map<string, File>())
  const running = useRef(0)
  const aborts = useRef(new Set<AbortController>())
  const onUploadedRef = useRef(onUploaded)

  useEffect(() => {
    onUploadedRef.current = onUploaded
  })

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)))
  }, [])

  const uploadOne = useCallback(
    async (job: Job) => {
      const abort = new AbortController()
      aborts.current.add(abort)
      update(job.id, { state: 'uploading' })
      try {
        const image = await uploadImage(groupId, job.file, {
          signal: abort.signal,
          onProgress: ({ loaded, total }) => update(job.id, { loaded, total }),
        })
        update(job.id, { state: 'done', loaded: job.file.size, total: job.file.size })
        onUploadedRef.current(image)
      } catch (error) {
        if (!abort.signal.aborted) update(job.id, { state: 'failed', message: errorMessage(error) })
      } finally {
        aborts.current.delete(abort)
      }
    },
    [groupId, update],
  )

  /** Starts workers up to the limit; each takes files off the queue until it is empty. */
  const pump = useCallback(() => {
    const work = async () => {
      for (let job = waiting.current.shift(); job; job = waiting.current.shift()) {
        await uploadOne(job)
      }
      running.current--
    }
    while (running.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      running.current++
      void work()
    }
  }, [uploadOne])

  const add = useCallback(
    (chosen: readonly File[]) => {
      const jobs = chosen.map((file) => ({ id: `upload-${++sequence}`, file }))
      for (const job of jobs) files.current.set(job.id, job.file)
      setItems((current) => [
        ...current,
        ...jobs.map(({ id, file }) => ({
          id,
          name: file.name,
          loaded: 0,
          total: file.size,
          state: 'queued' as const,
        })),
      ])
      waiting.current.push(...jobs)
      pump()
    },
    [pump],
  )

  const retry = useCallback(
    (id: string) => {
      const file = files.current.get(id)
      if (!file) return
      update(id, { state: 'queued', loaded: 0, message: undefined })
      waiting.current.push({ id, file })
      pump()
    },
    [pump, update],
  )

  /** Drops the finished and failed entries from the list. */
  const clearFinished = useCallback(() => {
    const active = (item: UploadItem) => item.state === 'queued' || item.state === 'uploading'
    for (const item of items) if (!active(item)) files.current.delete(item.id)
    setItems((current) => current.filter(active))
  }, [items])

  useEffect(() => {
    const pending = aborts.current
    return () => {
      waiting.current = []
      for (const abort of pending) abort.abort()
    }
  }, [])

  return { items, add, retry, clearFinished }
}
