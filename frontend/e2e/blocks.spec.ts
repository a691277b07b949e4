import type { Browser, TestInfo } from '@playwright/test'
import enBlocks from '../src/locales/en/blocks.json' with { type: 'json' }
import enProfiles from '../src/locales/en/profiles.json' with { type: 'json' }
import { call } from './api.ts'
import { expect, expectAccessible, layoutOf, test } from './helpers.ts'
import { signUp } from './groups-data.ts'

// Blocking (docs/moderation.md, "Blocking and muting"), seen from both sides: Ann blocks Bob
// from his profile (after confirming); neither then sees the other's plaza posts, and Bob's view
// of Ann's profile says why it is empty; Ann unblocks him from Settings → Blocked and muted and
// everything shows again.

/** Someone else's browser, with this project's viewport and device. */
async function otherContext(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use
  return browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL })
}

const fill = (text: string, name: string) => text.replace('{{name}}', name)

test(`a block hides both ways until it is undone ${layoutOf('en')}`, async ({
  page,
  browser,
}, info) => {
  const baseURL = info.project.use.baseURL!
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const bobContext = await otherContext(browser, info)
  try {
    const bobPage = await bobContext.newPage()
    const bob = await signUp(bobPage.request, baseURL, 'bob', `Bob ${stamp}`)
    await call(bobPage.request, baseURL, 'POST', '/api/plaza/posts', {
      body: `Bob writes ${stamp}`,
    })
    const ann = await signUp(page.request, baseURL, 'ann', `Ann ${stamp}`)
    await call(page.request, baseURL, 'POST', '/api/plaza/posts', { body: `Ann writes ${stamp}` })

    // Ann blocks Bob from his profile, after confirming.
    await page.goto(`/profile/${bob.id}`)
    await expect(page.getByRole('heading', { level: 1, name: `Bob ${stamp}` })).toBeVisible()
    await page.getByRole('button', { name: enProfiles.block.block, exact: true }).click()
    const dialog = page.getByRole('alertdialog', {
      name: fill(enProfiles.block.confirmTitle, `Bob ${stamp}`),
    })
    await dialog.getByRole('button', { name: enProfiles.block.block, exact: true }).click()
    await expect(page.getByText(fill(enProfiles.block.hidden, `Bob ${stamp}`))).toBeVisible()
    await expect(page.getByRole('button', { name: enProfiles.block.unblock })).toBeVisible()
    await expectAccessible(page, '/profile/$userId, blocked')

    // Neither sees the other's posts.
    await page.goto('/plaza')
    await expect(page.getByText(`Ann writes ${stamp}`)).toBeVisible()
    await expect(page.getByText(`Bob writes ${stamp}`)).toHaveCount(0)
    await bobPage.goto('/plaza')
    await expect(bobPage.getByText(`Bob writes ${stamp}`)).toBeVisible()
    await expect(bobPage.getByText(`Ann writes ${stamp}`)).toHaveCount(0)
    // Bob, on Ann's profile: who she is, and why nothing else shows.
    await bobPage.goto(`/profile/${ann.id}`)
    await expect(bobPage.getByRole('heading', { level: 1, name: `Ann ${stamp}` })).toBeVisible()
    await expect(bobPage.getByText(fill(enProfiles.block.hidden, `Ann ${stamp}`))).toBeVisible()

    // Ann undoes it from her settings; everything shows again.
    await page.goto('/settings/blocks')
    const list = page.getByRole('list', { name: enBlocks.blocked.list })
    await expect(list.getByRole('link', { name: `Bob ${stamp}` })).toBeVisible()
    await expectAccessible(page, '/settings/blocks')
    await list
      .getByRole('button', { name: fill(enBlocks.blocked.undoLabel, `Bob ${stamp}`) })
      .click()
    await expect(page.getByText(fill(enBlocks.blocked.undone, `Bob ${stamp}`))).toBeVisible()
    await expect(page.getByText(enBlocks.blocked.empty)).toBeVisible()
    await page.goto('/plaza')
    await expect(page.getByText(`Bob writes ${stamp}`)).toBeVisible()
    await bobPage.goto('/plaza')
    await expect(bobPage.getByText(`Ann writes ${stamp}`)).toBeVisible()
  } finally {
    await bobContext.close()
  }
})
