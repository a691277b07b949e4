import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PlazaImage, PlazaPost } from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'
import { renderGroupsApp, type Handler } from '@/test/fake-api.tsx'
import { stubXhr } from '@/test/xhr.ts'
import { draftKey, loadDraft, saveDraft } from '../draft.ts'

function person(id: string, username: string): User {
  return {
    id,
    username,
    nickname: username,
    role: 'user',
    createdAt: '2026-01-01T00:00:00Z',
    avatarUrl: null,
    hasPassword: true,
    phone: null,
    wechatLinked: false,
    avatarThumbnailUrl: null,
    bio: null,
    appearance: { colorMode: null, language: null },
  }
}
const lily = person('00000000-0000-4000-8000-0000000000b1', 'lily')
const ming = person('00000000-0000-4000-8000-0000000000b2', 'ming')

const session = (user: User) => ({
  body: {
    success: true,
    isAuthenticated: true,
    hasUser: true,
    user,
    wechatOpenId: null,
    authUrl: null,
  },
})

const image = (n: number): PlazaImage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  url: `/api/media/${n}`,
  thumbnailUrl: `/api/media/${n}/thumbnail`,
  width: 40,
  height: 30,
})

const posted: PlazaPost = {
  id: '00000000-0000-4000-8000-000000000999',
  author: { id: lily.id, username: 'lily', nickname: 'lily', avatarUrl: null },
  body: 'x',
  images: [],
  removedImages: 0,
  district: null,
  createdAt: new Date().toISOString(),
  likeCount: 0,
  commentCount: 0,
  liked: false,
  canDelete: true,
  version: 1,
  editedAt: null,
  canEdit: false,
  canSeeVersions: false,
  withheld: null,
}

const provinces = {
  body: {
    success: true,
    nextCursor: null,
    districts: [
      {
        code: '510000',
        nameZh: '四川省',
        nameEn: 'Sichuan',
        level: 'province',
        parentCode: null,
        lat: 30.6,
        lon: 104.1,
        tile: null,
      },
      {
        code: '110000',
        nameZh: '北京市',
        nameEn: 'Beijing',
        level: 'province',
        parentCode: null,
        lat: 39.9,
        lon: 116.4,
        tile: null,
      },
    ],
  },
}

function routes(user: User, extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/auth/token': () => session(user),
    'GET /api/districts': () => provinces,
    'GET /api/plaza/posts': () => ({
      body: { success: true, posts: [], nextCursor: null, headCursor: null },
    }),
    'GET /api/plaza/posts/new-count': () => ({ body: { success: true, count: 0 } }),
    'POST /api/media/keep': (request) => ({
      body: {
        success: true,
        kept: (request.body as { ids: string[] }).ids,
        missing: [],
        keepUntil: '2026-11-28T10:00:00Z',
      },
    }),
    'POST /api/plaza/posts': () => ({ status: 201, body: { success: true, post: posted } }),
    ...extra,
  }
}

const textbox = () => screen.findByRole('textbox', { name: "What's on your mind?" })
const districtSelect = () => screen.getByRole('combobox', { name: 'District (optional)' })

beforeEach(() => localStorage.clear())
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('the composer’s draft', () => {
  it('survives a filter change and a remount (a reload), and is cleared when posted', async () => {
    const { user, router, calls } = renderGroupsApp('/plaza', routes(lily))
    await user.type(await textbox(), 'Sunny in Chengdu')
    await user.selectOptions(districtSelect(), '510000')

    // The feed's filter changes: the composer stays as it was.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by district' }), '110000')
    await waitFor(() => expect(router.state.location.search).toEqual({ district: '110000' }))
    expect(await textbox()).toHaveValue('Sunny in Chengdu')
    expect(districtSelect()).toHaveValue('510000')
    expect(loadDraft(lily.id)).toEqual({ body: 'Sunny in Chengdu', district: '510000', images: [] })

    // A reload: the whole app again, the draft back in place.
    cleanup()
    const again = renderGroupsApp('/plaza', routes(lily))
    expect(await textbox()).toHaveValue('Sunny in Chengdu')
    expect(districtSelect()).toHaveValue('510000')

    await again.user.click(screen.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(again.calls('POST', '/api/plaza/posts')).toHaveLength(1))
    expect(again.calls('POST', '/api/plaza/posts')[0]!.body).toEqual({
      body: 'Sunny in Chengdu',
      imageIds: [],
      district: '510000',
    })
    await waitFor(() => expect(localStorage.getItem(draftKey(lily.id))).toBeNull())
    expect(await textbox()).toHaveValue('')
    expect(calls('POST', '/api/plaza/posts')).toHaveLength(0)
  })

  it('follows the filter for its district until one is chosen in it', async () => {
    const { user } = renderGroupsApp('/plaza?district=510000', routes(lily))
    await user.type(await textbox(), 'x')
    expect(districtSelect()).toHaveValue('510000')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by district' }), '110000')
    await waitFor(() => expect(districtSelect()).toHaveValue('110000'))
  })

  it('keeps two users’ drafts apart', async () => {
    saveDraft(lily.id, { body: 'Lily’s words', district: null, images: [] })
    renderGroupsApp('/plaza', routes(ming))
    expect(await textbox()).toHaveValue('')
    cleanup()
    renderGroupsApp('/plaza', routes(lily))
    expect(await textbox()).toHaveValue('Lily’s words')
    expect(loadDraft(ming.id)).toBeNull()
  })

  it('is discarded after the confirm dialog', async () => {
    saveDraft(lily.id, { body: 'never mind', district: '510000', images: [] })
    const { user } = renderGroupsApp('/plaza', routes(lily))
    expect(await textbox()).toHaveValue('never mind')
    await user.click(screen.getByRole('button', { name: 'Discard draft' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this draft?' })
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }))
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue(''),
    )
    expect(districtSelect()).toHaveValue('')
    expect(loadDraft(lily.id)).toBeNull()
  })

  it('keeps its images from the sweep and drops one the server no longer has', async () => {
    saveDraft(lily.id, {
      body: 'two images',
      district: null,
      images: [
        { name: 'kept.png', image: image(1) },
        { name: 'gone.png', image: image(2) },
      ],
    })
    const { calls } = renderGroupsApp(
      '/plaza',
      routes(lily, {
        'POST /api/media/keep': () => ({
          body: { success: true, kept: [image(1).id], missing: [image(2).id], keepUntil: 'x' },
        }),
      }),
    )
    expect(
      await screen.findByText(
        '1 image of your draft is no longer on the server and was taken out.',
      ),
    ).toBeVisible()
    expect(calls('POST', '/api/media/keep')[0]!.body).toEqual({ ids: [image(1).id, image(2).id] })
    const list = screen.getByRole('list', { name: 'Images for the post' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Remove kept.png' })).toBeVisible()
    await waitFor(() =>
      expect(loadDraft(lily.id)?.images).toEqual([{ name: 'kept.png', image: image(1) }]),
    )
  })
})

describe('post pressed while images upload', () => {
  it('waits, then posts once when the upload is in', async () => {
    const xhr = stubXhr()
    const { user, calls } = renderGroupsApp('/plaza', routes(lily))
    await user.type(await textbox(), 'with a picture')
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(xhr.requests).toHaveLength(1))

    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(await screen.findByText('Will post when the uploads finish…')).toBeVisible()
    // Pressing again while waiting changes nothing.
    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(calls('POST', '/api/plaza/posts')).toHaveLength(0)

    xhr.requests[0]!.respond(201, { success: true, image: image(7) })
    await waitFor(() => expect(calls('POST', '/api/plaza/posts')).toHaveLength(1))
    expect(calls('POST', '/api/plaza/posts')[0]!.body).toEqual({
      body: 'with a picture',
      imageIds: [image(7).id],
    })
    await waitFor(() => expect(screen.queryByText('Will post when the uploads finish…')).toBeNull())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls('POST', '/api/plaza/posts')).toHaveLength(1)
  })

  it('can be cancelled, and says which image failed instead of posting', async () => {
    const xhr = stubXhr()
    const { user, calls } = renderGroupsApp('/plaza', routes(lily))
    await user.type(await textbox(), 'x')
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Post' }))
    await user.click(await screen.findByRole('button', { name: "Don't post yet" }))
    expect(screen.queryByText('Will post when the uploads finish…')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Post' }))
    xhr.requests[0]!.respond(415, {
      success: false,
      code: 'unsupported_image_type',
      message: 'Only images.',
    })
    expect(
      await screen.findByText(
        'Not posted: a.png could not be uploaded. Retry or remove it, then post.',
      ),
    ).toBeVisible()
    expect(calls('POST', '/api/plaza/posts')).toHaveLength(0)
  })
})

describe('a post the word list holds', () => {
  it('says it waits for review, and the feed shows it to its author marked so', async () => {
    const held: PlazaPost = { ...posted, body: 'Buy cheap watches', withheld: 'held' }
    let sent = false
    const { user } = renderGroupsApp(
      '/plaza',
      routes(lily, {
        'GET /api/plaza/posts': () => ({
          body: { success: true, posts: sent ? [held] : [], nextCursor: null, headCursor: null },
        }),
        'POST /api/plaza/posts': () => {
          sent = true
          return { status: 201, body: { success: true, post: held } }
        },
      }),
    )
    await user.type(await textbox(), 'Buy cheap watches')
    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(
      await screen.findByText(
        "Your post is saved, and waits for a moderator's review: only you can see it until then.",
      ),
    ).toBeVisible()
    expect(screen.queryByText('Your post is up.')).toBeNull()
    const card = await screen.findByRole('article')
    expect(within(card).getByText('Buy cheap watches')).toBeVisible()
    expect(within(card).getByText('Under review')).toBeVisible()
    expect(card).toHaveTextContent('Only you can see this until a moderator reviews it.')
  })
})
