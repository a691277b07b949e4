import { useLayoutEffect, useRef, useState, type ClipboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/api-client.ts'
import { useFileDrop } from '@/lib/file-drop.ts'
import { useToast } from '@/lib/toast.ts'
import type { GalleryImage } from '@/lib/api/types.ts'
import { uploadImage } from '../api/upload-image.ts'
import { isImageFile } from '../rules.ts'
import {
  altText,
  imageMarkdown,
  insertBlock,
  replacePlaceholder,
  uploadPlaceholder,
} from './image-markdown.ts'

interface ImageUploadOptions {
  groupId: string
  /** The article the images are for (its editor, or a reply to it): they go when it goes. */
  articleId: string
  /** The field's text as rendered now. */
  text: string
  /** Sets the field's text (as typing would: the caller's draft or autosave sees it). */
  setText: (text: string) => void
  /** The field: images go in at its caret, and the caret goes after them. */
  field: RefObject<HTMLTextAreaElement | null>
}

export type ImageUpload = ReturnType<typeof useImageUpload>

/**
 * Images into a Markdown field: each file is uploaded into the group's gallery for the article,
 * behind a placeholder at the caret (`![Uploading photo.png…]()`) that becomes the image once
 * it is in, or goes (with a toast saying why) when it is refused. One piece for the article's
 * editor and for the replies under it. `uploading` counts the uploads still in flight; a form
 * that sends its text waits for them, and `withoutPending` is the text without their
 * placeholders (what is worth keeping in a draft: an upload does not outlive the page).
 */
export function useImageUpload({ groupId, articleId, text, setText, field }: ImageUploadOptions) {
  const { t } = useTranslation('group-content')
  const toast = useToast()
  const [uploading, setUploading] = useState(0)
  const latest = useRef(text)
  const caret = useRef<number | null>(null)
  const pending = useRef(new Set<string>())

  useLayoutEffect(() => {
    latest.current = text
    // After an insertion, the caret goes after what was inserted.
    const at = caret.current
    if (at === null || !field.current) return
    caret.current = null
    field.current.setSelectionRange(at, at)
  }, [text, field])

  const write = (next: string) => {
    latest.current = next
    setText(next)
  }

  /** `block` as a paragraph of its own in place of the field's selection. */
  const insert = (block: string) => {
    const body = latest.current
    const element = field.current
    const start = element ? element.selectionStart : body.length
    const end = element ? element.selectionEnd : body.length
    const inserted = insertBlock(body, start, end, block)
    caret.current = inserted.caret
    write(inserted.body)
  }

  /** Uploads the images of `files`, each behind a placeholder at the caret until it is in. */
  const addImages = (files: File[]) => {
    const images = files.filter(isImageFile)
    if (images.length < files.length) toast.warning(t('editor.onlyImages'))
    if (images.length === 0) return
    const uploads = images.map((file) => {
      const placeholder = uploadPlaceholder(
        latest.current,
        t('editor.uploading', { name: file.name }),
        pending.current,
      )
      pending.current.add(placeholder)
      return { file, placeholder }
    })
    insert(uploads.map((upload) => upload.placeholder).join('\n\n'))
    setUploading((n) => n + uploads.length)

    for (const { file, placeholder } of uploads) {
      const settle = (markdown: string | null) => {
        pending.current.delete(placeholder)
        setUploading((n) => n - 1)
        const current = latest.current
        // Deleted by hand meanwhile: the image stays in the gallery, the text as it is.
        if (!current.includes(placeholder)) return
        write(replacePlaceholder(current, placeholder, markdown))
      }
      uploadImage(groupId, file, { articleId }).then(
        (image) =>
          settle(imageMarkdown(altText(file.name, t('editor.imageAlt')), image.url, image)),
        (error: unknown) => {
          settle(null)
          toast.error(t('editor.uploadFailed', { name: file.name, reason: errorMessage(error) }))
        },
      )
    }
  }

  /** An image of the gallery, at the caret. */
  const addFromGallery = (image: GalleryImage) =>
    insert(imageMarkdown(t('editor.imageAlt'), image.url, image))

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files].filter(isImageFile)
    if (files.length === 0) return
    event.preventDefault()
    addImages(files)
  }

  const { over: dragging, dropProps } = useFileDrop(addImages)

  /** `body` without the placeholders of uploads still in flight. */
  const withoutPending = (body: string) =>
    [...pending.current].reduce(
      (rest, placeholder) => replacePlaceholder(rest, placeholder, null),
      body,
    )

  return {
    groupId,
    addImages,
    addFromGallery,
    uploading,
    withoutPending,
    /** Paste and drop on the field. */
    fieldProps: { onPaste, ...dropProps },
    /** Files are dragged over the field (its highlight). */
    dragging,
  }
}
