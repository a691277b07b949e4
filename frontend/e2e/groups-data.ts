// A group with something on every one of its pages, made through the API for the pages that show
// it (the accessibility checks, the screenshots): a private group that asks for approval, with a
// cover, a published article, images, a request waiting, a decided one and a ban.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import { call } from './api.ts'
import { png } from './images.ts'

const PASSWORD = 'e2e-password-123'

function uniqueUsername(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

/**
 * Registers a new user, signed in from then on in `request`'s cookies. Each run has its own
 * people: creating groups is rate-limited per user (RATE_GROUPS_CREATE).
 */
export async function signUp(
  request: APIRequestContext,
  baseURL: string,
  prefix: string,
  nickname = '',
): Promise<{ id: string; username: string }> {
  const username = uniqueUsername(prefix)
  const { user } = await call<{ user: { id: string } }>(
    request,
    baseURL,
    'POST',
    '/api/auth/username/register',
    { username, password: PASSWORD, ...(nickname ? { nickname } : {}) },
  )
  return { id: user.id, username }
}

/** Someone else, in a browser of their own: they sign up and ask to join with `message`. */
async function askToJoin(
  baseURL: string,
  groupId: string,
  nickname: string,
  message: string,
): Promise<{ id: string }> {
  const other = await playwrightRequest.newContext()
  try {
    const person = await signUp(other, baseURL, 'ask', nickname)
    await call(other, baseURL, 'POST', `/api/groups/${groupId}/join`, { message })
    return { id: person.id }
  } finally {
    await other.dispose()
  }
}

export interface GroupPages {
  groupId: string
  list: string
  home: string
  join: string
  members: string
  settings: string
}

/**
 * As the signed-in user of `owner`: a private group asking for approval, with a cover, an
 * article, three images, two members (one an admin), one request waiting, one rejected and one
 * person banned.
 */
export async function groupForPages(
  owner: APIRequestContext,
  baseURL: string,
  lang: 'zh' | 'en' = 'en',
): Promise<GroupPages> {
  const zh = lang === 'zh'
  const { group } = await call<{ group: { id: string } }>(owner, baseURL, 'POST', '/api/groups', {
    name: zh ? '周末读书会' : 'Weekend readers',
    description: zh
      ? '每月读一本书，周日下午在社区图书馆聊一聊。欢迎爱读书的邻居加入。'
      : 'One book a month, talked over on Sunday afternoons at the library. Neighbours who love reading are welcome.',
    visibility: 'private',
    joinPolicy: 'approval',
  })
  const id = group.id
  await call(
    owner,
    baseURL,
    'PUT',
    `/api/groups/${id}/cover`,
    png(1200, 480, [70, 140, 110]),
    'application/octet-stream',
  )
  for (const rgb of [
    [200, 110, 70],
    [70, 140, 210],
    [200, 190, 80],
  ] as Array<[number, number, number]>) {
    await call(
      owner,
      baseURL,
      'POST',
      `/api/groups/${id}/gallery`,
      png(640, 480, rgb),
      'application/octet-stream',
    )
  }
  const { article } = await call<{ article: { id: string } }>(
    owner,
    baseURL,
    'POST',
    `/api/groups/${id}/articles`,
    zh
      ? { title: '三月书单', body: '这个月我们读了三本书：《活着》《三体》《围城》。' }
      : { title: 'March reading list', body: 'We read three books this month.' },
  )
  await call(owner, baseURL, 'POST', `/api/groups/${id}/articles/${article.id}/publish`)

  const requests = zh
    ? [
        ['小林', '我也喜欢读书，想加入。'],
        ['阿杰', '周日下午有空，想一起聊书。'],
        ['小周', '你好！'],
        ['老王', '想加入'],
      ]
    : [
        ['Lin', 'I love reading too, may I join?'],
        ['Jay', 'Free on Sunday afternoons, would love to talk books.'],
        ['Zoe', 'Hello!'],
        ['Max', 'Let me in'],
      ]
  const asked = []
  for (const [nickname, message] of requests) {
    asked.push(await askToJoin(baseURL, id, nickname!, message!))
  }
  // Decide some: an admin, a member, one rejected with a reason; the member is then banned.
  const pending = await owner.get(`${baseURL}/api/groups/${id}/requests`)
  const list = ((await pending.json()) as { requests: Array<{ id: string; user: { id: string } }> })
    .requests
  const requestOf = (userId: string) => list.find((r) => r.user.id === userId)!.id
  await call(
    owner,
    baseURL,
    'POST',
    `/api/groups/${id}/requests/${requestOf(asked[0]!.id)}/approve`,
    { role: 'admin' },
  )
  await call(
    owner,
    baseURL,
    'POST',
    `/api/groups/${id}/requests/${requestOf(asked[1]!.id)}/approve`,
    { role: 'member' },
  )
  await call(
    owner,
    baseURL,
    'POST',
    `/api/groups/${id}/requests/${requestOf(asked[2]!.id)}/reject`,
    {
      reason: zh ? '这个月人满了，下个月再来吧。' : 'We are full this month; try again next month.',
    },
  )
  await call(owner, baseURL, 'PUT', `/api/groups/${id}/bans/${asked[1]!.id}`)
  // asked[3] stays waiting.

  return {
    groupId: id,
    list: '/group',
    home: `/group/${id}`,
    join: `/group/${id}/join`,
    members: `/group/${id}/members`,
    settings: `/group/${id}/settings`,
  }
}
