import { useState, type DragEvent } from 'react'

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/**
 * The one drop zone: spread `dropProps` on the element that takes dropped files (the plaza
 * composer, the gallery's uploader, the article editor's text); `over` is true while files are
 * dragged over it, for its highlight. A drag that carries no files (text, a link) is left to the
 * browser; leaving for a child of the element is not leaving it.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false)
  const dropProps = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
      setOver(true)
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      setOver(false)
      if (event.dataTransfer.files.length === 0) return
      event.preventDefault()
      onFiles([...event.dataTransfer.files])
    },
  }
  return { over, dropProps }
}
