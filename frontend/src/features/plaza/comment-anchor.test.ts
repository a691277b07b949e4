import { describe, expect, it } from 'vitest'
import { ANCHOR_MAX_PAGES, anchorStep, anchoredCommentId } from './comment-anchor.ts'

const ID = '00000000-0000-4000-9000-000000000021'

describe('anchoredCommentId', () => {
  it('reads the comment a hash names, with or without its #', () => {
    expect(anchoredCommentId(`#comment-${ID}`)).toBe(ID)
    expect(anchoredCommentId(`comment-${ID.toUpperCase()}`)).toBe(ID)
  })

  it('is null for any other anchor, an editor’s, or a malformed one', () => {
    expect(anchoredCommentId('')).toBeNull()
    expect(anchoredCommentId(`#post-${ID}`)).toBeNull()
    expect(anchoredCommentId(`#comment-${ID}-edit`)).toBeNull()
    expect(anchoredCommentId('#comment-%E0%A4%A')).toBeNull()
  })
})

describe('anchorStep', () => {
  it('scrolls once the comment is loaded, loads the next page while it is not', () => {
    expect(anchorStep({ target: ID, loaded: ['a', ID], pages: 1, hasNextPage: true })).toBe(
      'scroll',
    )
    expect(anchorStep({ target: ID, loaded: ['a'], pages: 1, hasNextPage: true })).toBe('load')
  })

  it('stops when no page is left (the comment is gone) or after the last page it may load', () => {
    expect(anchorStep({ target: ID, loaded: ['a'], pages: 3, hasNextPage: false })).toBe('none')
    expect(
      anchorStep({ target: ID, loaded: ['a'], pages: ANCHOR_MAX_PAGES, hasNextPage: true }),
    ).toBe('none')
  })
})
