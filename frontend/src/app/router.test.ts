import { describe, expect, it } from 'vitest'
import { parseSearch } from './router.tsx'

describe('the router reads a query string as the URL has it', () => {
  it('keeps digits as text: an all-digit invite code or district code is not a number', () => {
    expect(parseSearch('?code=23456789&district=510000')).toEqual({
      code: '23456789',
      district: '510000',
    })
    expect(parseSearch('code=2E345678')).toEqual({ code: '2E345678' })
  })

  it('parses JSON that is not a number, and keeps anything else as typed', () => {
    expect(parseSearch('?flag=true&list=%5B1%2C2%5D&name=%22x%22&q=hello&empty=')).toEqual({
      flag: true,
      list: [1, 2],
      name: 'x',
      q: 'hello',
      empty: '',
    })
    expect(parseSearch('?broken=%7Bnot')).toEqual({ broken: '{not' })
  })

  it('makes a list of a repeated key', () => {
    expect(parseSearch('?tag=a&tag=b&tag=c')).toEqual({ tag: ['a', 'b', 'c'] })
  })
})
