import { describe, expect, it } from 'vitest'
import { ANCHOR_MAX_PAGES, anchorStep, anchoredId } from './anchor.ts'

const ID = '00000000-0000-4000-9000-000000000021'

describe('anchoredId', () => {
  it('reads the item a hash names, with or without its #', () => {
    expect(anchoredId(`#comment-${ID}`, 'comment-')).toBe(ID)
    expect(anchoredId(`comment-${ID.toUpperCase()}`, 'comment-')).toBe(ID)
    expect(anchoredId(`#reply-${ID}`, 'reply-')).toBe(ID)
  })

  it('is null for another prefix, an editor’s anchor, or a malformed one', () => {
    expect(anchoredId('', 'comment-')).toBeNull()
    expect(anchoredId(`#post-${ID}`, 'comment-')).toBeNull()
    expect(anchoredId(`#reply-${ID}`, 'comment-')).toBeNull()
    expect(anchoredId(`#comment-${ID}`, 'reply-')).toBeNull()
    expect(anchoredId(`#comment-${ID}-edit`, 'comment-')).toBeNull()
    expect(anchoredId('#comment-%E0%A4%A', 'comment-')).toBeNull()
  })
})

describe('anchorStep', () => {
  it('scrolls once the item is loaded, loads the next page while it is not', () => {
    expect(anchorStep({ target: ID, loaded: ['a', ID], pages: 1, hasNextPage: true })).toBe(
      'scroll',
    )
    expect(anchorStep({ target: ID, loaded: ['a'], pages: 1, hasNextPage: true })).toBe('load')
  })

  it('stops when no page is left (the item is gone) or after the last page it may load', () => {
    expect(anchorStep({ target: ID, loaded: ['a'], pages: 3, hasNextPage: false })).toBe('none')
    expect(
      anchorStep({ target: ID, loaded: ['a'], pages: ANCHOR_MAX_PAGES, hasNextPage: true }),
    ).toBe('none')
  })
})
