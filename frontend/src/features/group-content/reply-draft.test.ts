import { beforeEach, describe, expect, it } from 'vitest'
import { loadReplyDraft, parseReplyDraft, replyDraftKey, saveReplyDraft } from './reply-draft.ts'

beforeEach(() => localStorage.clear())

describe('the reply draft', () => {
  it('is kept per user and article, and an empty one removes its entry', () => {
    saveReplyDraft('u-1', 'a-1', { body: 'Hello', quote: { id: 'r-1', name: 'Lily' } })
    expect(loadReplyDraft('u-1', 'a-1')).toEqual({
      body: 'Hello',
      quote: { id: 'r-1', name: 'Lily' },
    })
    expect(loadReplyDraft('u-2', 'a-1')).toEqual({ body: '', quote: null })
    expect(loadReplyDraft('u-1', 'a-2')).toEqual({ body: '', quote: null })
    expect(replyDraftKey('u-1', 'a-1')).toBe('courtyard:reply-draft:u-1:a-1')

    saveReplyDraft('u-1', 'a-1', { body: '  ', quote: null })
    expect(localStorage.getItem(replyDraftKey('u-1', 'a-1'))).toBeNull()
  })

  it('reads no draft from a damaged or foreign entry, and drops a damaged quote', () => {
    expect(parseReplyDraft(null)).toBeNull()
    expect(parseReplyDraft('{not json')).toBeNull()
    expect(parseReplyDraft(JSON.stringify({ v: 2, body: 'x' }))).toBeNull()
    expect(parseReplyDraft(JSON.stringify({ v: 1, body: 'x', quote: { id: 3 } }))).toEqual({
      body: 'x',
      quote: null,
    })
  })
})
