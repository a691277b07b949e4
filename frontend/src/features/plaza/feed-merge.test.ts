import { describe, expect, it } from 'vitest'
import type { PlazaFeedPage, PlazaPost } from '@/lib/api/types.ts'
import { feedPosts, mergeFeedHead, removePost, updatePost } from './feed-merge.ts'

function post(n: number): PlazaPost {
  return {
    id: `post-${n}`,
    author: { id: 'u1', username: 'lily', nickname: 'Lily', avatarUrl: null },
    body: `post ${n}`,
    images: [],
    removedImages: 0,
    district: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    likeCount: 0,
    commentCount: 0,
    liked: false,
    canDelete: false,
    version: 1,
    editedAt: null,
    canEdit: false,
    canSeeVersions: false,
    withheld: null,
  }
}

/** A page of the posts numbered `ns`, newest first, as the server sends it. */
function page(ns: number[], nextCursor: string | null): PlazaFeedPage {
  return {
    success: true,
    posts: ns.map(post),
    nextCursor,
    headCursor: ns.length ? `head-${ns[0]}` : null,
  }
}

const ids = (posts: PlazaPost[]) => posts.map((p) => p.id.replace('post-', ''))

describe('mergeFeedHead', () => {
  // Loaded: 10…8 (next "c8"), then 7…5 (next "c5").
  const loaded = {
    pages: [page([10, 9, 8], 'c8'), page([7, 6, 5], 'c5')],
    pageParams: [null, 'c8'],
  }

  it('puts the new posts above the shown ones and keeps every loaded page and cursor', () => {
    const merged = mergeFeedHead(loaded, page([12, 11, 10], 'c10'))
    expect(ids(feedPosts(merged))).toEqual(['12', '11', '10', '9', '8', '7', '6', '5'])
    expect(merged.pages[0]!.headCursor).toBe('head-12')
    // The first page goes on where the old one did, so the next page is not 9…7 again.
    expect(merged.pages[0]!.nextCursor).toBe('c8')
    expect(merged.pages[1]!.nextCursor).toBe('c5')
    expect(merged.pageParams).toEqual([null, 'c8'])
  })

  it('shows each post once when the fresh page overlaps several loaded posts', () => {
    const merged = mergeFeedHead(loaded, page([11, 10, 9, 8, 7], 'c7'))
    expect(ids(feedPosts(merged))).toEqual(['11', '10', '9', '8', '7', '6', '5'])
    expect(merged.pages.flatMap((p) => ids(p.posts))).toEqual(['11', '10', '9', '8', '7', '6', '5'])
  })

  it('starts over from the fresh page when more arrived than a page holds (a gap)', () => {
    const merged = mergeFeedHead(loaded, page([20, 19, 18], 'c18'))
    expect(ids(feedPosts(merged))).toEqual(['20', '19', '18'])
    expect(merged.pages).toHaveLength(1)
    expect(merged.pageParams).toEqual([null])
    expect(merged.pages[0]!.nextCursor).toBe('c18')
  })

  it('takes the fresh page alone when it is the whole feed (a post deleted meanwhile goes)', () => {
    const small = { pages: [page([10, 9], null)], pageParams: [null] }
    const merged = mergeFeedHead(small, page([11, 9], null))
    expect(ids(feedPosts(merged))).toEqual(['11', '9'])
    expect(merged.pages[0]!.nextCursor).toBeNull()
  })

  it('starts from the fresh page when nothing was loaded or the feed was empty', () => {
    expect(ids(feedPosts(mergeFeedHead(undefined, page([1], null))))).toEqual(['1'])
    const empty = { pages: [page([], null)], pageParams: [null] }
    expect(ids(feedPosts(mergeFeedHead(empty, page([2, 1], null))))).toEqual(['2', '1'])
  })
})

describe('updatePost and removePost', () => {
  const data = { pages: [page([3, 2], 'c2'), page([1], null)], pageParams: [null, 'c2'] }

  it('change or drop one post wherever it is loaded', () => {
    const liked = updatePost(data, 'post-1', (p) => ({ ...p, liked: true, likeCount: 1 }))
    expect(feedPosts(liked).find((p) => p.id === 'post-1')).toMatchObject({
      liked: true,
      likeCount: 1,
    })
    expect(feedPosts(liked).find((p) => p.id === 'post-2')!.liked).toBe(false)
    expect(ids(feedPosts(removePost(data, 'post-2')))).toEqual(['3', '1'])
    expect(updatePost(undefined, 'post-1', (p) => p)).toBeUndefined()
  })
})
