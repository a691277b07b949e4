// Plaza posts made through the API, for the pages that show them (the plaza spec's "someone
// else posts", the screenshots): a person signed in in `request`'s cookies, their images
// uploaded first (POST /api/plaza/images), then the post.
import type { APIRequestContext } from '@playwright/test'
import { expect } from './checks.ts'
import { png } from './images.ts'

/** Registers a new user in `request`'s cookies (signed in from then on). */
export async function signUpPoster(
  request: APIRequestContext,
  baseURL: string,
  nickname: string,
  prefix = 'poster',
): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const res = await request.post(`${baseURL}/api/auth/username/register`, {
    data: { username, password: 'e2e-poster-password', nickname },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(201)
  return username
}

/** A post by the signed-in user of `request`, with images of these sizes and colours. */
export async function postByApi(
  request: APIRequestContext,
  baseURL: string,
  {
    body,
    district,
    images = [],
  }: {
    body: string
    district?: string
    images?: Array<[number, number, [number, number, number]]>
  },
): Promise<{ id: string }> {
  const imageIds: string[] = []
  for (const [width, height, rgb] of images) {
    const res = await request.post(`${baseURL}/api/plaza/images`, {
      data: png(width, height, rgb),
      headers: { Origin: baseURL, 'Content-Type': 'application/octet-stream' },
    })
    expect(res.status(), await res.text()).toBe(201)
    imageIds.push(((await res.json()) as { image: { id: string } }).image.id)
  }
  const res = await request.post(`${baseURL}/api/plaza/posts`, {
    data: { body, imageIds, ...(district ? { district } : {}) },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { post: { id: string } }).post
}

/** A few posts for the screenshots: one image, four, seven, text only, in the page's language. */
export async function plazaWithPosts(
  request: APIRequestContext,
  baseURL: string,
  lang: 'zh' | 'en',
) {
  const zh = lang === 'zh'
  await postByApi(request, baseURL, {
    body: zh ? '周末去爬山，山顶的风景太美了。' : 'Hiked up the hill this weekend — what a view.',
    district: '510000',
    images: [
      [640, 480, [70, 140, 210]],
      [480, 640, [200, 110, 70]],
      [500, 500, [80, 180, 110]],
      [800, 400, [150, 90, 190]],
      [600, 600, [200, 190, 80]],
      [480, 480, [60, 160, 160]],
      [640, 360, [190, 80, 120]],
    ],
  })
  await postByApi(request, baseURL, {
    body: zh
      ? '今天的晚霞。\n第二行：换行会保留。'
      : 'Tonight’s sunset.\nA second line: line breaks are kept.',
    images: [
      [640, 480, [220, 120, 60]],
      [640, 480, [60, 120, 220]],
      [480, 640, [120, 200, 90]],
      [500, 500, [210, 80, 80]],
    ],
  })
  await postByApi(request, baseURL, {
    body: zh ? '成都今天出太阳了 ☀️' : 'Sunny in Chengdu today ☀️',
    district: '510000',
    images: [[960, 540, [90, 150, 220]]],
  })
  await postByApi(request, baseURL, {
    body: zh ? '有人知道附近哪里有好吃的面馆吗？' : 'Does anyone know a good noodle place nearby?',
    district: '110000',
  })
}
