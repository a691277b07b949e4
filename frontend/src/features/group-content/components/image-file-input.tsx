import type { RefObject } from 'react'
import { IMAGE_ACCEPT } from '../rules.ts'

/**
 * The hidden picker of image files behind an "add images" button (the button calls
 * `input.current.click()`): any number at once, and the same file again after it.
 */
export function ImageFileInput({
  input,
  onFiles,
}: {
  input: RefObject<HTMLInputElement | null>
  onFiles: (files: File[]) => void
}) {
  return (
    <input
      ref={input}
      type="file"
      accept={IMAGE_ACCEPT}
      multiple
      hidden
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        onFiles([...(event.target.files ?? [])])
        event.target.value = ''
      }}
    />
  )
}
