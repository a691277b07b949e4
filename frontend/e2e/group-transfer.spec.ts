import { request as playwrightRequest } from '@playwright/test'
import enGroups from '../src/locales/en/groups.json' with { type: 'json' }
import zhGroups from '../src/locales/zh/groups.json' with { type: 'json' }
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { expect, layoutOf, test } from './helpers.ts'

// Ownership is offered (issue 22): the owner offers the group to a member, who sees the offer on
// the group's page and in "My groups" and accepts; the owner's settings show the offer waiting
// until then. In zh on the phone and in en on the desktop, with a screenshot of each.

const TEXT = { zh: zhGroups, en: enGroups } as const

for (const lang of ['zh', 'en'] as const) {
  const L = TEXT[lang]
  test(`an offer of ownership is seen and accepted by its recipient, ${lang} ${layoutOf(lang)}`, async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(60_000)
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    const owner = await playwrightRequest.newContext()
    try {
      const olga = await signUp(owner, baseURL!, 'own', lang === 'zh' ? '王老师' : 'Olga')
      const { group } = await call<{ group: { id: string; name: string } }>(
        owner,
        baseURL!,
        'POST',
        '/api/groups',
        {
          name: lang === 'zh' ? '周末读书会' : 'Weekend readers',
          description: '',
          visibility: 'public',
          joinPolicy: 'open',
        },
      )
      const heir = await signUp(page.request, baseURL!, 'heir', lang === 'zh' ? '小林' : 'Lin')
      await call(page.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {})
      await call(owner, baseURL!, 'POST', `/api/groups/${group.id}/transfer`, { userId: heir.id })

      // The recipient, on the group's page.
      await page.goto(`/group/${group.id}`)
      const title = L.offer.title.replace('{{name}}', lang === 'zh' ? '王老师' : 'Olga')
      const card = page.getByRole('region', { name: title })
      await expect(card).toBeVisible()
      await page.screenshot({ path: info.outputPath(`offer-group-${lang}.png`), fullPage: false })
      // The narrowest phone the app is made for, whatever the project.
      const viewport = page.viewportSize()
      await page.setViewportSize({ width: 360, height: 780 })
      await expect(card).toBeVisible()
      await page.screenshot({ path: info.outputPath(`offer-group-${lang}-360.png`) })
      if (viewport) await page.setViewportSize(viewport)

      // And in "My groups".
      await page.goto('/group')
      const offers = page.getByRole('list', { name: L.offer.badge })
      const titleOf = L.offer.titleOf
        .replace('{{name}}', lang === 'zh' ? '王老师' : 'Olga')
        .replace('{{group}}', group.name)
      await expect(offers.getByRole('region', { name: titleOf })).toBeVisible()
      await page.screenshot({ path: info.outputPath(`offer-list-${lang}.png`), fullPage: false })
      await offers.getByRole('button', { name: L.offer.accept }).click()
      await expect(page.getByText(L.offer.accepted.replace('{{group}}', group.name))).toBeVisible()
      await expect(offers).toBeHidden()

      const now = (await (await owner.get(`${baseURL}/api/groups/${group.id}`)).json()) as {
        group: { ownerId: string }
      }
      expect(now.group.ownerId).toBe(heir.id)
      expect(olga.id).not.toBe(heir.id)
    } finally {
      await owner.dispose()
    }
  })

  test(`the owner sees the offer waiting and withdraws it, ${lang} ${layoutOf(lang)}`, async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(60_000)
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    await signUp(page.request, baseURL!, 'own')
    const { group } = await call<{ group: { id: string } }>(
      page.request,
      baseURL!,
      'POST',
      '/api/groups',
      {
        name: lang === 'zh' ? '周末读书会' : 'Weekend readers',
        description: '',
        visibility: 'public',
        joinPolicy: 'open',
      },
    )
    const other = await playwrightRequest.newContext()
    try {
      const heir = await signUp(other, baseURL!, 'heir', lang === 'zh' ? '小林' : 'Lin')
      await call(other, baseURL!, 'POST', `/api/groups/${group.id}/join`, {})
      await call(page.request, baseURL!, 'POST', `/api/groups/${group.id}/transfer`, {
        userId: heir.id,
      })
    } finally {
      await other.dispose()
    }
    await page.goto(`/group/${group.id}/settings`)
    const transfer = page.getByRole('region', { name: L.settings.transfer.title })
    await transfer.scrollIntoViewIfNeeded()
    await expect(transfer.getByRole('status')).toContainText(lang === 'zh' ? '小林' : 'Lin')
    await transfer.screenshot({ path: info.outputPath(`offer-pending-${lang}.png`) })
    await page.setViewportSize({ width: 360, height: 780 })
    await transfer.scrollIntoViewIfNeeded()
    await transfer.screenshot({ path: info.outputPath(`offer-pending-${lang}-360.png`) })
    await transfer.getByRole('button', { name: L.settings.transfer.cancel }).click()
    await expect(transfer.getByLabel(L.settings.transfer.to)).toBeVisible()
  })
}
