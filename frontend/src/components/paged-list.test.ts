import { describe, expect, it } from 'vitest'
import { listView } from './paged-list.tsx'

describe('the list area', () => {
  it('shows loading, then the error only while nothing is shown, then empty or the items', () => {
    expect(listView({ isPending: true, isError: false, itemCount: 0 })).toBe('loading')
    expect(listView({ isPending: false, isError: true, itemCount: 0 })).toBe('error')
    expect(listView({ isPending: false, isError: true, itemCount: 3 })).toBe('items')
    expect(listView({ isPending: false, isError: false, itemCount: 0 })).toBe('empty')
    expect(listView({ isPending: false, isError: false, itemCount: 1 })).toBe('items')
  })
})
