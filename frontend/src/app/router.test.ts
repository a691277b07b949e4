import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { RouteRulesCheck } from '@/lib/route-rules.ts'
import { createAppRouter, parseSearch, preloadFirstPage } from './router.tsx'

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

describe('the first page starts loading before the app renders', () => {
  it('asks the route rules for the address and loads the code of every route it matches', () => {
    const routeRules = vi.fn<RouteRulesCheck>(async () => null)
    const router = createAppRouter(new QueryClient(), routeRules)
    const loaded: string[] = []
    vi.spyOn(router, 'loadRouteChunk').mockImplementation((route) => {
      loaded.push(route.id)
      return Promise.resolve()
    })

    preloadFirstPage(router, { pathname: '/plaza', search: '?district=510000', hash: '#top' })

    expect(routeRules).toHaveBeenCalledWith({
      pathname: '/plaza',
      searchStr: '?district=510000',
      hash: 'top',
    })
    expect(loaded).toEqual(['__root__', '/plaza/'])
  })

  it('never rejects when a chunk fails to load', async () => {
    const router = createAppRouter(new QueryClient(), async () => null)
    const failing = Promise.reject(new Error('chunk gone'))
    vi.spyOn(router, 'loadRouteChunk').mockReturnValue(failing)
    expect(() => preloadFirstPage(router, { pathname: '/', search: '', hash: '' })).not.toThrow()
    await expect(failing).rejects.toThrow('chunk gone')
  })
})

describe('a navigation keeps the page one came from until the next is ready', () => {
  it('has no pending component to show instead (the shell’s pending bar says it is loading)', () => {
    const router = createAppRouter(new QueryClient(), async () => null)
    expect(router.options.defaultPendingComponent).toBeUndefined()
    for (const route of Object.values(router.routesById)) {
      expect(route.options.pendingComponent, route.id).toBeUndefined()
    }
  })
})
