import { describe, expect, it } from 'vitest'
import openapi from '@/lib/api/openapi.json'
import {
  COMMENT_MAX_CHARS,
  composerProblem,
  imageGridLayout,
  MAX_IMAGES,
  POST_MAX_CHARS,
  roomFor,
  validatePlazaSearch,
  type ComposerImage,
} from './rules.ts'

describe('the composer’s rules are the server’s', () => {
  it('text, images and comment lengths match NewPostRequest and NewCommentRequest', () => {
    const post = openapi.components.schemas.NewPostRequest.properties
    expect(post.body.maxLength).toBe(POST_MAX_CHARS)
    expect(post.imageIds.maxItems).toBe(MAX_IMAGES)
    expect(openapi.components.schemas.NewCommentRequest.properties.body.maxLength).toBe(
      COMMENT_MAX_CHARS,
    )
    expect([POST_MAX_CHARS, MAX_IMAGES, COMMENT_MAX_CHARS]).toEqual([2000, 9, 500])
  })
})

describe('imageGridLayout', () => {
  it('is one large image, two columns for 2–4, three for 5–9', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(imageGridLayout)).toEqual([
      null,
      'single',
      'two',
      'two',
      'two',
      'three',
      'three',
      'three',
      'three',
      'three',
    ])
  })
})

describe('composerProblem', () => {
  const done: ComposerImage = { state: 'done' }

  it('needs text or an image, and says so', () => {
    expect(composerProblem('', [])).toBe('empty')
    expect(composerProblem('   \n ', [])).toBe('empty')
    expect(composerProblem('hi', [])).toBeNull()
    expect(composerProblem('', [done])).toBeNull()
  })

  it('counts characters after trimming, as code points (an emoji is one)', () => {
    expect(composerProblem('字'.repeat(POST_MAX_CHARS), [])).toBeNull()
    expect(composerProblem(`  ${'字'.repeat(POST_MAX_CHARS)}  `, [])).toBeNull()
    expect(composerProblem('😀'.repeat(POST_MAX_CHARS), [])).toBeNull()
    expect(composerProblem('a'.repeat(POST_MAX_CHARS + 1), [])).toBe('tooLong')
  })

  it('waits for uploads, refuses failed images and more than nine', () => {
    expect(composerProblem('hi', [done, { state: 'uploading' }])).toBe('uploading')
    expect(composerProblem('', [{ state: 'queued' }])).toBe('uploading')
    expect(composerProblem('hi', [done, { state: 'failed' }, { state: 'uploading' }])).toBe(
      'failedImage',
    )
    expect(
      composerProblem(
        'hi',
        Array.from({ length: 9 }, () => done),
      ),
    ).toBeNull()
    expect(
      composerProblem(
        'hi',
        Array.from({ length: 10 }, () => done),
      ),
    ).toBe('tooManyImages')
  })
})

describe('roomFor', () => {
  it('takes what fits beside the images already chosen, up to nine', () => {
    expect(roomFor(0, 3)).toBe(3)
    expect(roomFor(7, 3)).toBe(2)
    expect(roomFor(9, 1)).toBe(0)
    expect(roomFor(0, 12)).toBe(9)
  })
})

describe('validatePlazaSearch', () => {
  it('keeps a six-digit district code and drops anything else', () => {
    expect(validatePlazaSearch({ district: '510000' })).toEqual({ district: '510000' })
    expect(validatePlazaSearch({})).toEqual({})
    expect(validatePlazaSearch({ district: '51' })).toEqual({})
    expect(validatePlazaSearch({ district: 510000 })).toEqual({})
    expect(validatePlazaSearch({ district: 5.1 })).toEqual({})
    expect(validatePlazaSearch({ district: '<script>' })).toEqual({})
  })
})
