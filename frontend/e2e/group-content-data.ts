// A group with content, made through the API for the pages that show it (the accessibility
// checks, the screenshots): images in the gallery and a published article showing one of them.
import type { APIRequestContext } from '@playwright/test'
import { call } from './api.ts'
import { expect } from './checks.ts'
import { png } from './images.ts'

export interface GroupContent {
  groupId: string
  /** A published article with an image. */
  articleId: string
  /** A draft of the same author. */
  draftId: string
}

/**
 * Registers a new user (signed in from then on in `request`'s cookies): each run gets its own
 * group owner, since creating groups is rate-limited per user (RATE_GROUPS_CREATE).
 */
export async function signUpGroupOwner(request: APIRequestContext, baseURL: string) {
  const username = `owner${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const res = await request.post(`${baseURL}/api/auth/username/register`, {
    data: { username, password: 'e2e-owner-password', nickname: 'Lily' },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(201)
  return username
}

/** As the signed-in user of `request`: a public group, five images, an article and a draft. */
export async function groupWithContent(
  request: APIRequestContext,
  baseURL: string,
  lang: 'zh' | 'en' = 'en',
): Promise<GroupContent> {
  const zh = lang === 'zh'
  const { group } = await call<{ group: { id: string } }>(request, baseURL, 'POST', '/api/groups', {
    name: zh ? '周末读书会' : 'Weekend readers',
    description: zh ? '每周读一本书，周日线下聊。' : 'A book a week, talked over on Sundays.',
    visibility: 'public',
    joinPolicy: 'open',
  })
  const colours: Array<[number, number, number, number, number]> = [
    [640, 480, 200, 110, 70],
    [480, 640, 70, 140, 210],
    [800, 400, 80, 180, 110],
    [500, 500, 200, 190, 80],
    [960, 420, 150, 90, 190],
  ]
  const urls: string[] = []
  for (const [width, height, r, g, b] of colours) {
    const { image } = await call<{ image: { url: string } }>(
      request,
      baseURL,
      'POST',
      `/api/groups/${group.id}/gallery`,
      png(width, height, [r, g, b]),
      'application/octet-stream',
    )
    urls.push(image.url)
  }
  const body = zh
    ? `## 三月\n\n这个月我们读了三本书。\n\n![封面](${urls[0]})\n\n- 《活着》\n- 《三体》\n- 《围城》\n\n> 人是为活着本身而活着。\n`
    : `## March\n\nWe read three books this month.\n\n![Cover](${urls[0]})\n\n- *To Live*\n- *The Three-Body Problem*\n- *Fortress Besieged*\n\n> People live for living itself.\n`
  const { article } = await call<{ article: { id: string } }>(
    request,
    baseURL,
    'POST',
    `/api/groups/${group.id}/articles`,
    { title: zh ? '三月书单' : 'March reading list', body },
  )
  await call(
    request,
    baseURL,
    'POST',
    `/api/groups/${group.id}/articles/${article.id}/publish`,
    undefined,
  )
  const { article: draft } = await call<{ article: { id: string } }>(
    request,
    baseURL,
    'POST',
    `/api/groups/${group.id}/articles`,
    { title: zh ? '四月计划' : 'Plans for April', body: zh ? '还没想好。' : 'Not decided yet.' },
  )
  return { groupId: group.id, articleId: article.id, draftId: draft.id }
}

/** The pages of `content`, by name. */
export function groupContentPages({ groupId, articleId, draftId }: GroupContent) {
  return {
    articles: `/group/${groupId}/articles`,
    display: `/group/${groupId}/article/${articleId}/display`,
    editor: `/group/${groupId}/article/${articleId}/edit`,
    draft: `/group/${groupId}/article/${draftId}/display`,
    gallery: `/group/${groupId}/gallery`,
  }
}
