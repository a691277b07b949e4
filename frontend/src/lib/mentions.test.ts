import { describe, expect, it } from 'vitest'
import {
  completeMention,
  mentionAtCaret,
  mentionHref,
  mentionUsername,
  splitMentions,
} from './mentions.ts'

describe('splitMentions', () => {
  it('finds names after an at sign, folded, and keeps the rest as text', () => {
    expect(splitMentions('谢谢@Li_Lei，还有 @han-mei!')).toEqual([
      { text: '谢谢' },
      { text: '@Li_Lei', username: 'li_lei' },
      { text: '，还有 ' },
      { text: '@han-mei', username: 'han-mei' },
      { text: '!' },
    ])
  })

  it('takes no e-mail address, bare at sign or over-long name', () => {
    const long = `@${'a'.repeat(33)}`
    for (const text of ['write a@b.com', 'an @ alone', long, 'x.@ann']) {
      expect(splitMentions(text)).toEqual([{ text }])
    }
  })

  it('joins back into the same text', () => {
    const text = '@ann hi @bob-2 and mail@x.cn'
    expect(
      splitMentions(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text)
  })
})

describe('profile links', () => {
  it('name people by username and read the name back from the route', () => {
    expect(mentionHref('ann')).toBe('/profile/@ann')
    expect(mentionUsername('@Ann_1')).toBe('ann_1')
    expect(mentionUsername('0b6f0a57-3c8e-4f1e-9d7a-1f2a3b4c5d6e')).toBeNull()
    expect(mentionUsername('@')).toBeNull()
  })
})

describe('completion', () => {
  it('sees the name being typed before the caret', () => {
    expect(mentionAtCaret('hi @an', 6)).toEqual({ start: 3, query: 'an' })
    expect(mentionAtCaret('hi @', 4)).toEqual({ start: 3, query: '' })
    expect(mentionAtCaret('mail@an', 7)).toBeNull()
    expect(mentionAtCaret('hi an', 5)).toBeNull()
    expect(mentionAtCaret('@an and more', 3)).toEqual({ start: 0, query: 'an' })
  })

  it('completes the name, replacing the rest of the word, and puts the caret after it', () => {
    expect(completeMention('hi @an', 3, 6, 'anna')).toEqual({ text: 'hi @anna ', caret: 9 })
    expect(completeMention('@anx there', 0, 2, 'anna')).toEqual({
      text: '@anna there',
      caret: 6,
    })
  })
})
