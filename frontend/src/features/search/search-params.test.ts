import { describe, expect, it } from 'vitest'
import openapi from '@/lib/api/openapi.json'
import {
  QUERY_MAX_CHARS,
  SEARCH_TABS,
  SINCE_OPTIONS,
  validateSearchParams,
} from './search-params.ts'

const GROUP = '0b9e2f3c-1d4a-4e5b-8c6d-7e8f9a0b1c2d'

describe('the search page’s values are the server’s', () => {
  it('tabs, time ranges and the query’s length match the OpenAPI document', () => {
    expect(
      SEARCH_TABS.map((tab) => `/api/search/${tab}`).every((path) => path in openapi.paths),
    ).toBe(true)
    expect([...SINCE_OPTIONS]).toEqual(openapi.components.schemas.SearchSince.enum)
    const q = openapi.paths['/api/search/posts'].get.parameters.find(
      (parameter) => parameter.name === 'q',
    )
    expect(q?.schema.maxLength).toBe(QUERY_MAX_CHARS)
    expect(QUERY_MAX_CHARS).toBe(100)
  })
})

describe('validateSearchParams', () => {
  it('keeps every valid part', () => {
    expect(
      validateSearchParams({
        q: '成都 火锅',
        tab: 'replies',
        since: 'week',
        district: '510000',
        group: GROUP,
      }),
    ).toEqual({ q: '成都 火锅', tab: 'replies', since: 'week', district: '510000', group: GROUP })
  })

  it('drops what is malformed or unknown, and a blank query', () => {
    expect(
      validateSearchParams({
        q: '   ',
        tab: 'comments',
        since: 'decade',
        district: '5100',
        group: 'not-an-id',
        page: 2,
      }),
    ).toEqual({})
    expect(validateSearchParams({ q: null, district: 510000 })).toEqual({})
  })

  it('reads a query the router parsed as JSON back as its text', () => {
    expect(validateSearchParams({ q: true })).toEqual({ q: 'true' })
    expect(validateSearchParams({ q: 2026 })).toEqual({ q: '2026' })
    expect(validateSearchParams({ q: ['a', 'b'] })).toEqual({})
  })
})
