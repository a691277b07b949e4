import { describe, expect, it } from 'vitest'
import {
  altText,
  imageMarkdown,
  insertBlock,
  replacePlaceholder,
  uploadPlaceholder,
} from './image-markdown.ts'

describe('the editor’s image Markdown', () => {
  it('names an image after its file, escaping what would break the alt text', () => {
    expect(altText('IMG_0042.JPG', 'image')).toBe('IMG_0042')
    expect(altText('a [draft] \\ copy.png', 'image')).toBe('a \\[draft\\] \\\\ copy')
    expect(altText('.png', '图片')).toBe('图片')
    expect(imageMarkdown('cover', '/api/media/1')).toBe('![cover](/api/media/1)')
  })

  it('makes each upload’s placeholder unique, in the text and among those still uploading', () => {
    const first = uploadPlaceholder('', 'Uploading a.png…', new Set())
    expect(first).toBe('![Uploading a.png…]()')
    expect(uploadPlaceholder(first, 'Uploading a.png…', new Set())).toBe(
      '![Uploading a.png… (2)]()',
    )
    expect(
      uploadPlaceholder('', 'Uploading a.png…', new Set([first, '![Uploading a.png… (2)]()'])),
    ).toBe('![Uploading a.png… (3)]()')
  })

  it('puts a block at the selection as a paragraph of its own, the caret after it', () => {
    expect(insertBlock('', 0, 0, 'X')).toEqual({ body: 'X', caret: 1 })
    expect(insertBlock('ab', 1, 1, 'X')).toEqual({ body: 'a\n\nX\n\nb', caret: 4 })
    // Not a lazy continuation of the quote above it.
    expect(insertBlock('> q\n\nb', 4, 4, 'X')).toEqual({ body: '> q\n\nX\n\nb', caret: 6 })
    expect(insertBlock('a\n', 2, 2, 'X')).toEqual({ body: 'a\n\nX', caret: 4 })
    // A selection is replaced.
    expect(insertBlock('a SEL b', 2, 5, 'X')).toEqual({ body: 'a \n\nX\n\n b', caret: 5 })
  })

  it('replaces a placeholder with the image, or removes it with its blank line', () => {
    const body = 'a\n\n![Uploading x…]()\n\nb'
    expect(replacePlaceholder(body, '![Uploading x…]()', '![x]($&/1)')).toBe('a\n\n![x]($&/1)\n\nb')
    expect(replacePlaceholder(body, '![Uploading x…]()', null)).toBe('a\n\nb')
    expect(replacePlaceholder('a\n\n![Uploading x…]()', '![Uploading x…]()', null)).toBe('a')
    expect(replacePlaceholder('![Uploading x…]()', '![Uploading x…]()', null)).toBe('')
  })
})
