import { apiBaseUrl, readApiResponse, requestFailedError } from './api-client.ts'
import { displayLanguage } from './i18n.ts'

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number
  /** Bytes to send (the file's size when the browser does not know better). */
  total: number
}

export interface UploadOptions {
  /** Called as the body goes out: XMLHttpRequest's upload progress events. */
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/**
 * POSTs a file as the raw request body (`application/octet-stream`) with upload progress, which
 * `fetch` cannot report. Same origin and headers as `apiRequest` (the session cookie goes with
 * it, `Accept-Language` is the display language); the answer is read by the same rules
 * (`readApiResponse`), so a failure is an `ApiError` with the server's message. Never retried:
 * an upload is not a safe method. An abort rejects with an `AbortError`.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${apiBaseUrl()}${path}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Accept-Language', displayLanguage())
    xhr.setRequestHeader('Content-Type', 'application/octet-stream')
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable && event.total > 0 ? event.total : file.size,
      })
    })
    xhr.addEventListener('load', () => {
      try {
        resolve(
          readApiResponse<T>(
            xhr.status,
            xhr.getResponseHeader('Content-Type') ?? '',
            xhr.responseText,
            xhr.getResponseHeader('Retry-After'),
          ),
        )
      } catch (error) {
        reject(error)
      }
    })
    xhr.addEventListener('error', () => reject(requestFailedError()))
    xhr.addEventListener('abort', () =>
      reject(new DOMException('The upload was aborted', 'AbortError')),
    )
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}
