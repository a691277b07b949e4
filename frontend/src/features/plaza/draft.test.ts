import { afterEach, describe, expect, it } from 'vitest'
import type { PlazaImage } from '@/lib/api/types.ts'
import { clearDraft, draftKey, isEmptyDraft, loadDraft, parseDraft, saveDraft } from './draft.ts'

const image = (n: number): PlazaImage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  url: `/api/media/${n}`,
  thumbnailUrl: `/api/media/${n}/thumbnail`,
  width: 40,
  height: 30,
})

afterEach(() => localStorage.clear())

describe('the plaza draft store', () => {
  it('keeps a draft per user and gives it back as it was', () => {
    const draft = {
      body: 'Sunny in Chengdu',
      district: '510000',
      images: [{ name: 'a.png', image: image(1) }],
    }
    saveDraft('lily', draft)
    expect(loadDraft('lily')).toEqual(draft)
    // Another user on the same browser has none, and writes their own beside it.
    expect(loadDraft('ming')).toBeNull()
    saveDraft('ming', { body: 'mine', district: null, images: [] })
    expect(loadDraft('lily')?.body).toBe('Sunny in Chengdu')
    expect(loadDraft('ming')?.body).toBe('mine')
    expect(localStorage.getItem(draftKey('lily'))).toContain('Sunny in Chengdu')
  })

  it('removes the entry for an empty draft and on clear', () => {
    saveDraft('lily', { body: 'x', district: null, images: [] })
    saveDraft('lily', { body: '  ', district: null, images: [] })
    expect(localStorage.getItem(draftKey('lily'))).toBeNull()
    // "No district" chosen is a choice worth keeping.
    expect(isEmptyDraft({ body: '', district: '', images: [] })).toBe(false)
    saveDraft('lily', { body: 'x', district: '', images: [] })
    clearDraft('lily')
    expect(loadDraft('lily')).toBeNull()
  })

  it('reads nothing from a damaged or foreign entry, and drops images it cannot read', () => {
    expect(parseDraft('{not json')).toBeNull()
    expect(parseDraft(JSON.stringify({ v: 99, body: 'x' }))).toBeNull()
    expect(
      parseDraft(
        JSON.stringify({
          v: 1,
          body: 'x',
          district: 7,
          images: [{ name: 'a.png', image: image(1) }, { name: 'b.png', image: { id: 3 } }, null],
        }),
      ),
    ).toEqual({ body: 'x', district: null, images: [{ name: 'a.png', image: image(1) }] })
  })
})
