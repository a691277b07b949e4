// Every dialog and menu of the app, by keyboard alone (issue 15). Setup goes through the API and
// page.goto; from then on a test only presses keys: it reaches the trigger (Tab from the page, or
// locator.focus() where the trigger sits many Tabs deep), opens it with Enter or Space, checks
// that the focus moved inside, that Tab and Shift+Tab (a dozen presses each) never leave a dialog
// for the page behind, that a menu's ArrowDown/ArrowUp/Home/End move between its items (and Tab
// closes it: a menu does not trap Tab, WAI-ARIA menu button), does the main action where it is
// cheap, and closes it with Escape, the focus back on the trigger.
//
// The inventory, from frontend/src (ui/modal.tsx, ui/menu.tsx and their callers; the app has no
// Radix DropdownMenu, Popover or Select — its selects are native <select> — and no navigation
// drawer: on phones the brand link leads home). One test each, named after it:
//
// Menus (ui/menu.tsx)
//   - account menu, language switch, colour-mode switch (header)
//   - AI model picker (inside the assistant: Escape closes the menu, not the assistant)
//   - a member's actions (group members page), leading to the confirm dialog
//   - UI kit menu demo (/developers/theme/menu; a disabled item is skipped)
// Dialogs (ui/modal.tsx on Radix Dialog)
//   - login dialog (phone mode, then username mode; and on a phone, a bottom sheet)
//   - registration view of the login dialog
//   - region picker (a dialog above the login dialog)
//   - AI assistant (signed out, its input disabled); its rename-conversation dialog; its
//     conversations slide-over on a phone (a panel inside the assistant, over a backdrop)
//   - "Confirm it's you" (reauth-dialog.tsx)
//   - the confirm dialog (confirm-dialog.tsx), revoking a token; the UI kit's confirm demos
//   - new-token dialog (/developers/pat)
//   - district dialog (/admin/districts)
//   - WeChat menu editor: "Leave without publishing?" and a version's JSON
//   - avatar crop dialog (/settings/account)
//   - create-group dialog; reject-request dialog (group members page)
//   - new-article dialog; edit-conflict dialog (article editor)
//   - gallery lightbox; a province's details (weather map)
//   - UI kit modal demo (/developers/theme/modal)
// Not tested separately: the leave guards (lib/leave-guard.ts: the article editor's "Leave
// without saving?" and the others, the one ConfirmDialog without a history entry), the plaza's
// lightbox (the same Lightbox component as the gallery), and the other confirm dialogs (deleting
// a post, a comment, a session…: the one ConfirmDialog).
// The two phone tests are tagged @phone-only: the phone project runs them, the desktop one not.
import {
  request as playwrightRequest,
  type APIRequestContext,
  type FileChooser,
  type Locator,
  type Page,
} from '@playwright/test'
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import {
  ADMIN,
  FAKES,
  MODE_SWITCH_SUBMIT_BLOCK_MS,
  expect,
  latestSmsCode,
  signInAgo,
  test,
  uniquePhone,
} from './helpers.ts'
import { png } from './images.ts'

/** groups-data.ts's signUp gives every user this password. */
const PASSWORD = 'e2e-password-123'
const PRESSES = 12

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 30, back = false } = {}) {
  await expect(target).toBeVisible()
  // Where each press put the focus, for the failure's message.
  const path: string[] = []
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    path.push(
      await page.evaluate(() => {
        const el = document.activeElement
        if (!el || el === document.body) return 'body'
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
        return `${el.tagName.toLowerCase()} "${name}"`
      }),
    )
  }
  await expect(
    target,
    `reached within ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${path.join(' → ')}`,
  ).toBeFocused()
}

/** Whether the focus is inside `container`, and a short description of the focused element. */
async function focusIn(container: Locator): Promise<{ inside: boolean; what: string }> {
  return container.evaluate((el) => {
    const active = document.activeElement
    if (!active) return { inside: false, what: 'nothing' }
    const name =
      active.getAttribute('aria-label') ??
      active.getAttribute('name') ??
      active.textContent?.trim().slice(0, 40) ??
      ''
    const what = `${active.tagName.toLowerCase()} “${name}”#${Array.from(
      el.querySelectorAll('*'),
    ).indexOf(active)}`
    return { inside: el.contains(active), what }
  })
}

/**
 * The focus is inside `dialog`; then after each of `PRESSES` Tabs and as many Shift+Tabs it is
 * still inside (and never in `covered`, a selector of a part the dialog hides behind a backdrop),
 * and it visited at least `distinct` elements (it moves; it is not stuck). Where the focus is
 * after each press is noted in the page (on the Tab's keyup) and read once at the end.
 */
async function expectTrapped(page: Page, dialog: Locator, distinct = 2, covered?: string) {
  await expect
    .poll(async () => (await focusIn(dialog)).what, { message: 'the focus moves inside' })
    .not.toBe('nothing')
  expect((await focusIn(dialog)).inside, 'the focus moved inside the dialog').toBe(true)
  await page.evaluate(() => {
    const w = window as unknown as {
      focusLog: Element[]
      logFocus?: (event?: KeyboardEvent) => void
    }
    if (w.logFocus) window.removeEventListener('keyup', w.logFocus, true)
    w.focusLog = []
    w.logFocus = (event?: KeyboardEvent) => {
      if (event?.key === 'Tab') w.focusLog.push(document.activeElement ?? document.body)
    }
    window.addEventListener('keyup', w.logFocus, true)
  })
  const keys = [...Array<string>(PRESSES).fill('Tab'), ...Array<string>(PRESSES).fill('Shift+Tab')]
  for (const key of keys) await page.keyboard.press(key)
  const log = await dialog.evaluate((el, hidden) => {
    const w = window as unknown as { focusLog: Element[]; logFocus?: (e: KeyboardEvent) => void }
    window.removeEventListener('keyup', w.logFocus!, true)
    const cover = hidden ? el.querySelector(hidden) : null
    return w.focusLog.map((active) => ({
      inside: el.contains(active) && !cover?.contains(active),
      what: `${active.tagName.toLowerCase()} “${
        active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''
      }”#${Array.from(el.querySelectorAll('*')).indexOf(active)}`,
    }))
  }, covered ?? null)
  expect(log.length, 'a keyup in the page for every press: the focus never left it').toBe(
    keys.length,
  )
  log.forEach(({ inside, what }, i) =>
    expect(inside, `after ${keys[i]} (press ${i + 1}) the focus is on ${what}, outside`).toBe(true),
  )
  const seen = new Set(log.map(({ what }) => what))
  expect(seen.size, `the focus went through ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(
    distinct,
  )
}

/** Escape closes `dialog` and gives the focus back to `trigger`. */
async function escapeBackTo(page: Page, dialog: Locator, trigger: Locator) {
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
}

/** A menu's item by its visible text, whatever its kind (menuitem, menuitemradio). */
function menuItem(menu: Locator, text: string): Locator {
  return menu.locator('[role^="menuitem"]').filter({ hasText: text })
}

/**
 * A menu button with the focus on it: Enter opens it on its first or checked item, one of
 * `items` (the enabled ones, in order); ArrowDown/ArrowUp/End/Home move and wrap; Escape
 * closes it with the focus back on the trigger; Space opens it too, and Tab closes it.
 */
async function expectMenuKeys(page: Page, trigger: Locator, menu: Locator, items: string[]) {
  await expect(trigger).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  const focused = (await focusIn(menu)).what
  const start = items.findIndex((item) => focused.includes(item))
  expect(start, `the menu opened on ${focused}`).toBeGreaterThanOrEqual(0)
  const item = (i: number) => menuItem(menu, items[(i + items.length) % items.length]!)
  await page.keyboard.press('ArrowDown')
  await expect(item(start + 1)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(item(start)).toBeFocused()
  await page.keyboard.press('End')
  await expect(item(-1)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(item(0)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(item(-1)).toBeFocused()
  await page.keyboard.press('Home')
  await expect(item(0)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')

  await page.keyboard.press(' ')
  await expect(menu).toBeVisible()
  expect((await focusIn(menu)).inside).toBe(true)
  await page.keyboard.press('Tab')
  await expect(menu).toBeHidden()
}

/** Signs the page's browser in as the administrator. */
async function asAdmin(page: Page, baseURL: string) {
  await call(page.request, baseURL, 'POST', '/api/auth/username/login', ADMIN)
}

/** A public, open group of the signed-in user of `request`, with `images` in its gallery. */
async function group(request: APIRequestContext, baseURL: string, images = 0): Promise<string> {
  const { group } = await call<{ group: { id: string } }>(request, baseURL, 'POST', '/api/groups', {
    name: 'Keyboard club',
    description: 'Only keys.',
    visibility: 'public',
    joinPolicy: 'open',
  })
  for (let i = 0; i < images; i++) {
    await call(
      request,
      baseURL,
      'POST',
      `/api/groups/${group.id}/gallery`,
      png(320 + 40 * i, 240, [60 + 50 * i, 120, 180]),
      'application/octet-stream',
    )
  }
  return group.id
}

const MENU = {
  button: [
    { name: '今日歌曲', type: 'click', key: 'V1001' },
    {
      name: '菜单',
      sub_button: [{ name: '官网', type: 'view', url: 'https://courtyard.example/' }],
    },
  ],
}

/** Loads `path` in English and waits for its heading. */
async function ready(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

const banner = (page: Page) => page.getByRole('banner')

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
})

// ---- The header: logging in ---------------------------------------------------------------

async function openLoginByKeyboard(page: Page): Promise<{ trigger: Locator; dialog: Locator }> {
  await ready(page, '/')
  const trigger = banner(page).getByRole('button', { name: 'Log in' })
  await tabTo(page, trigger)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Log in to Courtyard' })
  await expect(dialog).toBeVisible()
  return { trigger, dialog }
}

test('login dialog: opened from the header, trapped, Escape; then a username login by keyboard', async ({
  page,
  baseURL,
}) => {
  const other = await playwrightRequest.newContext()
  const { username } = await signUp(other, baseURL!, 'kbl')
  await other.dispose()

  const { trigger, dialog } = await openLoginByKeyboard(page)
  await expectTrapped(page, dialog, 4)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByRole('button', { name: 'Username and password' }))
  await page.keyboard.press('Enter')
  const field = dialog.getByLabel('Username')
  await expect(field).toBeVisible()
  // The button that switched went away with the mode: the focus is on the new form's first field.
  await expect(field).toBeFocused()
  await page.waitForTimeout(MODE_SWITCH_SUBMIT_BLOCK_MS)
  await page.keyboard.type(username)
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(banner(page).getByRole('button', { name: /Account menu of / })).toBeVisible()
})

test('login dialog on a phone, a bottom sheet: trapped, Escape @phone-only', async ({ page }) => {
  const { trigger, dialog } = await openLoginByKeyboard(page)
  await expectTrapped(page, dialog, 4)
  await escapeBackTo(page, dialog, trigger)
})

test('registration view: reached from the login dialog, trapped, an account made by keyboard', async ({
  page,
}) => {
  const { trigger, dialog: login } = await openLoginByKeyboard(page)
  const dialog = page.getByRole('dialog', { name: 'Create your Courtyard account' })
  const username = dialog.getByLabel('Username')
  const toRegistration = async () => {
    await tabTo(page, login.getByRole('button', { name: 'Create an account' }))
    await page.keyboard.press('Enter')
    // The link went away with the view: the focus is on the first field.
    await expect(username).toBeFocused()
  }
  await toRegistration()
  await expectTrapped(page, dialog, 5)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await toRegistration()
  await page.waitForTimeout(MODE_SWITCH_SUBMIT_BLOCK_MS)
  const name = `kbr${Date.now().toString(36)}`
  await page.keyboard.type(name)
  await tabTo(page, dialog.getByLabel('Password', { exact: true }), { max: 5 })
  await page.keyboard.type(PASSWORD)
  await tabTo(page, dialog.getByLabel('Confirm password'), { max: 5 })
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(
    banner(page).getByRole('button', { name: new RegExp(`Account menu of ${name}`) }),
  ).toBeVisible()
})

test('region picker: above the login dialog, trapped, Escape back to it; a region chosen by search and Enter', async ({
  page,
}) => {
  const { dialog: login } = await openLoginByKeyboard(page)
  const trigger = login.getByRole('button', { name: 'Region: Chinese mainland +86' })
  await tabTo(page, trigger, { max: 10, back: true })
  await page.keyboard.press('Enter')
  const picker = page.getByRole('dialog', { name: 'Choose your region' })
  await expect(picker).toBeVisible()
  await expect(picker.getByRole('searchbox', { name: 'Search regions' })).toBeFocused()
  await expectTrapped(page, picker, 4)
  await escapeBackTo(page, picker, trigger)
  await expect(login).toBeVisible()

  await page.keyboard.press('Enter')
  await expect(picker).toBeVisible()
  // The search finds one region: Enter picks it.
  await page.keyboard.type('+1')
  await page.keyboard.press('Enter')
  await expect(picker).toBeHidden()
  await expect(login.getByRole('button', { name: /^Region: .* \+1$/ })).toBeFocused()
  await expect(login).toBeVisible()
})

// ---- The header's menus and the assistant ---------------------------------------------------

test('account menu: arrows, Escape, Tab; Enter on an item opens account settings', async ({
  page,
  baseURL,
}) => {
  const { username } = await signUp(page.request, baseURL!, 'kbm')
  await ready(page, '/')
  const trigger = banner(page).getByRole('button', {
    name: new RegExp(`Account menu of ${username}`),
  })
  const menu = page.getByRole('menu', { name: `Account menu of ${username}` })
  await tabTo(page, trigger)
  await expectMenuKeys(page, trigger, menu, ['Account settings', 'Security', 'Log out'])

  await trigger.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowDown')
  await expect(menuItem(menu, 'Security')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/settings\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
})

test('language switch: arrows, Escape, Tab; Enter on 中文 switches the page to Chinese', async ({
  page,
}) => {
  await ready(page, '/')
  const trigger = banner(page).getByRole('button', { name: 'Language' })
  const menu = page.getByRole('menu', { name: 'Language' })
  await tabTo(page, trigger)
  await expectMenuKeys(page, trigger, menu, ['中文', 'English', 'Follow system'])

  await trigger.focus()
  await page.keyboard.press('Enter')
  // It opens on the checked language.
  await expect(menuItem(menu, 'English')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/)
  await expect(banner(page).getByRole('button', { name: '语言' })).toBeFocused()
})

test('colour-mode switch: arrows, Escape, Tab; Enter on Dark darkens the page', async ({
  page,
}) => {
  await ready(page, '/')
  const trigger = banner(page).getByRole('button', { name: 'Colour mode' })
  const menu = page.getByRole('menu', { name: 'Colour mode' })
  await tabTo(page, trigger)
  await expectMenuKeys(page, trigger, menu, ['Light', 'Dark', 'Follow system'])

  await trigger.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await expect(menuItem(menu, 'Dark')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(trigger).toBeFocused()
})

/** Opens the assistant from the header; signed in, the focus is on its input. */
async function openAssistantByKeyboard(page: Page, signedIn = true) {
  const trigger = banner(page).getByRole('button', { name: 'AI assistant' })
  await tabTo(page, trigger)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'AI assistant' })
  await expect(dialog).toBeVisible()
  const input = dialog.getByRole('textbox', { name: 'Message to the assistant' })
  if (signedIn) await expect(input).toBeFocused()
  return { trigger, dialog, input }
}

test('AI assistant, signed out (its input disabled): the focus still goes in, trapped, Escape', async ({
  page,
}) => {
  await ready(page, '/')
  const { trigger, dialog, input } = await openAssistantByKeyboard(page, false)
  await expect(input).toBeDisabled()
  // The input cannot take the focus it is meant to get: the first button takes it instead.
  await expect.poll(async () => (await focusIn(dialog)).inside).toBe(true)
  await expectTrapped(page, dialog, 4)
  await escapeBackTo(page, dialog, trigger)
})

test('AI model picker: a menu inside the assistant; Escape closes only the menu; Enter picks a model', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kbai')
  await ready(page, '/')
  const { dialog } = await openAssistantByKeyboard(page)
  const trigger = dialog.getByRole('button', { name: /^Model: / })
  await tabTo(page, trigger, { back: true })
  const menu = page.getByRole('menu', { name: 'Choose a model' })
  await expectMenuKeys(page, trigger, menu, ['DeepSeek Chat', 'DeepSeek Reasoner'])
  await expect(dialog).toBeVisible()
  expect((await focusIn(dialog)).inside).toBe(true)

  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(menuItem(menu, 'DeepSeek Chat')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  await expect(dialog.getByRole('button', { name: 'Model: DeepSeek Reasoner' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('AI rename dialog: from a conversation of the list, trapped, Escape back; renamed with Enter', async ({
  page,
  baseURL,
  request,
}) => {
  expect((await request.get(`${FAKES}/__fake/llm`, { params: { mode: 'answer' } })).ok()).toBe(true)
  await signUp(page.request, baseURL!, 'kbrn')
  await ready(page, '/')
  const { dialog, input } = await openAssistantByKeyboard(page)
  await page.keyboard.type('First question')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('测试回答')).toBeVisible()
  await expect(input).toBeFocused()

  const trigger = dialog.getByRole('button', { name: 'Rename “First question”' })
  await tabTo(page, trigger, { back: true })
  await page.keyboard.press('Enter')
  const rename = page.getByRole('dialog', { name: 'Rename conversation' })
  const title = rename.getByLabel('Title')
  await expect(title).toBeFocused()
  await expectTrapped(page, rename, 3)
  await escapeBackTo(page, rename, trigger)
  await expect(dialog).toBeVisible()

  await page.keyboard.press('Enter')
  await expect(title).toBeFocused()
  // The title is selected when the field takes the focus: typing replaces it.
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Renamed chat')
  await page.keyboard.press('Enter')
  await expect(rename).toBeHidden()
  await expect(dialog.getByRole('button', { name: 'Rename “Renamed chat”' })).toBeFocused()
})

test('AI conversations slide-over on a phone: focus goes in, stays in, Escape folds it @phone-only', async ({
  page,
}) => {
  await ready(page, '/')
  const { dialog } = await openAssistantByKeyboard(page, false)
  const trigger = dialog.getByRole('button', { name: 'Show conversations' })
  await tabTo(page, trigger, { back: true })
  await page.keyboard.press('Enter')
  const panel = dialog.getByRole('complementary', { name: 'Conversations' })
  await expect(panel.getByRole('button', { name: 'New chat', exact: true })).toBeFocused()
  // The slide-over covers the conversation with a backdrop: Tab stays out of what it covers.
  await expectTrapped(page, dialog, 3, 'aside + section')
  await page.keyboard.press('Escape')
  await expect(trigger).toBeFocused()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  await expect(dialog).toBeVisible()
})

// ---- Account and developer settings ---------------------------------------------------------

test('"Confirm it\'s you": asked by Send code, trapped, Escape back; the password and Enter send the code', async ({
  page,
  baseURL,
  request,
}) => {
  const { username } = await signUp(page.request, baseURL!, 'kbra')
  await signInAgo(request, username, 60)
  const phone = uniquePhone()
  await ready(page, '/settings/account')
  const card = page.getByRole('region', { name: 'Phone number' })
  await tabTo(page, card.getByLabel('Phone number', { exact: true }), { max: 40 })
  await page.keyboard.type(phone)
  const trigger = card.getByRole('button', { name: 'Send code' })
  await tabTo(page, trigger, { max: 3 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused()
  await expectTrapped(page, dialog, 3)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  expect(await latestSmsCode(request, phone)).toMatch(/^\d+$/)
})

test('avatar crop dialog: Enter on Choose a picture, trapped, Escape back; Enter on Use this picture saves it', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kbav')
  // Listening from the start: Playwright intercepts the file chooser only once a listener is
  // registered, and a waitForEvent made just before the key press lost that race about one run
  // in three (the chooser opened unseen, and the test waited 30 s).
  const choosers: FileChooser[] = []
  page.on('filechooser', (chooser) => choosers.push(chooser))
  await ready(page, '/settings/account')
  const trigger = page.getByRole('button', { name: 'Choose a picture' }).and(page.locator('button'))
  await tabTo(page, trigger, { max: 40 })
  const choose = async () => {
    const before = choosers.length
    await page.keyboard.press('Enter')
    await expect.poll(() => choosers.length).toBe(before + 1)
    await choosers[before].setFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png(320, 200, [40, 120, 200]),
    })
  }
  await test.step('first choice', choose)
  const dialog = page.getByRole('dialog', { name: 'Crop your avatar' })
  await expect(dialog).toBeVisible()
  await expectTrapped(page, dialog, 3)
  await escapeBackTo(page, dialog, trigger)

  await test.step('second choice', choose)
  await tabTo(page, dialog.getByRole('button', { name: 'Use this picture' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Avatar updated' })).toBeVisible()
})

test('new-token dialog: trapped, Escape back; a token made by keyboard (name, a scope, Enter)', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kbnt')
  await ready(page, '/developers/pat')
  const trigger = page.getByRole('main').getByRole('button', { name: 'New token' }).first()
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New personal access token' })
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await expectTrapped(page, dialog, 5)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await page.keyboard.type('Keyboard token')
  await tabTo(page, dialog.getByRole('checkbox', { name: /account:read/ }))
  await page.keyboard.press(' ')
  await expect(dialog.getByRole('checkbox', { name: /account:read/ })).toBeChecked()
  await tabTo(page, dialog.getByRole('button', { name: 'Create token' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('region', { name: 'Token “Keyboard token” created' })).toBeVisible()
})

test('confirm dialog (revoking a token): on the safe button, trapped, Escape back; Revoke by keyboard', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kbcf')
  await call(page.request, baseURL!, 'POST', '/api/tokens', {
    name: 'Keyboard script',
    scopes: ['account:read'],
    expiresInDays: 7,
  })
  await ready(page, '/developers/pat')
  const trigger = page.getByRole('button', { name: 'Revoke Keyboard script' })
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this token?' })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectTrapped(page, dialog, 2)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press(' ')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('listitem', { name: 'Keyboard script' })).toContainText('Revoked')
})

// ---- Administration -------------------------------------------------------------------------

test('district dialog: Add a district, on its first field, trapped, Escape back', async ({
  page,
  baseURL,
}) => {
  await asAdmin(page, baseURL!)
  await ready(page, '/admin/districts')
  const trigger = page.getByRole('main').getByRole('button', { name: 'Add a district' })
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add a district' })
  await expect(dialog.getByLabel('Code')).toBeFocused()
  await expectTrapped(page, dialog, 6)
  await escapeBackTo(page, dialog, trigger)
})

test('WeChat menu: a version’s JSON, trapped, Escape back', async ({ page, baseURL }) => {
  await asAdmin(page, baseURL!)
  await call(page.request, baseURL!, 'PUT', '/api/admin/wechat/menu', MENU)
  await ready(page, '/admin/wechat/menu')
  const trigger = page
    .getByRole('list', { name: 'Version history' })
    .getByRole('button', { name: 'View JSON' })
    .first()
  // Past the whole editor: many Tabs.
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: /^Version #/ })
  await expect(dialog).toBeVisible()
  await expectTrapped(page, dialog, 3)
  await escapeBackTo(page, dialog, trigger)
})

test('WeChat menu: "Leave without publishing?" holds the focus; Escape stays, Leave leaves', async ({
  page,
  baseURL,
}) => {
  await asAdmin(page, baseURL!)
  await call(page.request, baseURL!, 'PUT', '/api/admin/wechat/menu', MENU)
  await ready(page, '/admin/wechat/menu')
  const name = page
    .getByRole('group', { name: 'Button 1', exact: true })
    .getByLabel('Name', { exact: true })
    .first()
  await expect(name).toHaveValue('今日歌曲')
  await name.focus()
  await page.keyboard.press('End')
  await page.keyboard.type('!')
  await expect(page.getByText('Unpublished changes')).toBeVisible()

  const home = banner(page).getByRole('link', { name: 'Courtyard' }).first()
  await tabTo(page, home, { max: 60, back: true })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Leave without publishing?' })
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused()
  await expectTrapped(page, dialog, 2)
  await escapeBackTo(page, dialog, home)
  await expect(page).toHaveURL(/\/admin\/wechat\/menu$/)

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByRole('button', { name: 'Leave' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new URL('/', baseURL!).href)
})

// ---- Groups ---------------------------------------------------------------------------------

test('create-group dialog: trapped, Escape back; a name and Enter make the group', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kbcg')
  await ready(page, '/group')
  const trigger = page.getByRole('button', { name: 'Create group' }).first()
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Create a group' })
  const name = dialog.getByLabel('Name', { exact: true })
  await expect(name).toBeFocused()
  await expectTrapped(page, dialog, 5)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await expect(name).toBeFocused()
  const title = `Keys only ${Date.now().toString(36)}`
  await page.keyboard.type(title)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

/** A private group of the page's user; Max asks to join and waits, Lin is a member. */
async function groupWithPeople(page: Page, baseURL: string): Promise<string> {
  await signUp(page.request, baseURL, 'kbow')
  const { group } = await call<{ group: { id: string } }>(
    page.request,
    baseURL,
    'POST',
    '/api/groups',
    {
      name: 'Keyboard readers',
      description: '',
      visibility: 'private',
      joinPolicy: 'approval',
    },
  )
  for (const nickname of ['Lin', 'Max']) {
    const other = await playwrightRequest.newContext()
    await signUp(other, baseURL, 'kbask', nickname)
    await call(other, baseURL, 'POST', `/api/groups/${group.id}/join`, { message: 'Hello' })
    await other.dispose()
  }
  const pending = await page.request.get(`${baseURL}/api/groups/${group.id}/requests`)
  const list = (
    (await pending.json()) as {
      requests: Array<{ id: string; user: { nickname: string } }>
    }
  ).requests
  const lin = list.find((r) => r.user.nickname === 'Lin')!
  await call(page.request, baseURL, 'POST', `/api/groups/${group.id}/requests/${lin.id}/approve`, {
    role: 'member',
  })
  return group.id
}

test("a member's actions menu: arrows, Escape, Tab; Remove opens the confirm dialog, Escape back to the menu button", async ({
  page,
  baseURL,
}) => {
  const groupId = await groupWithPeople(page, baseURL!)
  await ready(page, `/group/${groupId}/members`)
  // The page opens on the waiting requests; ← goes to the members' tab (Radix tabs).
  const requests = page.getByRole('tab', { name: /^Requests/ })
  await expect(requests).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, requests, { max: 40 })
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: 'Members', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const trigger = page.getByRole('button', { name: 'Actions for Lin' })
  await tabTo(page, trigger, { max: 10 })
  const menu = page.getByRole('menu', { name: 'Actions for Lin' })
  await expectMenuKeys(page, trigger, menu, ['Make admin', 'Remove from group', 'Ban'])

  await trigger.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowDown')
  await expect(menuItem(menu, 'Remove from group')).toBeFocused()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Remove Lin?' })
  await expect(confirm).toBeVisible()
  await expectTrapped(page, confirm, 2)
  await escapeBackTo(page, confirm, trigger)
})

test('reject-request dialog: trapped, Escape back; a reason and the Reject button by keyboard', async ({
  page,
  baseURL,
}) => {
  const groupId = await groupWithPeople(page, baseURL!)
  await ready(page, `/group/${groupId}/members`)
  // It opens on the waiting requests.
  const tab = page.getByRole('tab', { name: /^Requests/ })
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, tab, { max: 40 })
  const trigger = page.getByRole('button', { name: 'Reject Max' })
  await tabTo(page, trigger, { max: 10 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: "Reject Max's request?" })
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  await expectTrapped(page, dialog, 3)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  await page.keyboard.type('Full this month.')
  await tabTo(page, dialog.getByRole('button', { name: 'Reject request' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: "Max's request was rejected." }),
  ).toBeVisible()
})

// ---- A group's articles and gallery ---------------------------------------------------------

test('new-article dialog: trapped, Escape back; a title and Enter open the editor', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kbna')
  const groupId = await group(page.request, baseURL!)
  await ready(page, `/group/${groupId}/articles`)
  const trigger = page.getByRole('main').getByRole('button', { name: 'New article' })
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New article' })
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused()
  await expectTrapped(page, dialog, 3)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await page.keyboard.type('Typed, not clicked')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]+\/edit$/)
})

test('edit-conflict dialog: opens over the typing, trapped, Escape back to the text', async ({
  page,
  baseURL,
  context,
}) => {
  await signUp(page.request, baseURL!, 'kbec')
  const groupId = await group(page.request, baseURL!)
  const { article } = await call<{ article: { id: string } }>(
    page.request,
    baseURL!,
    'POST',
    `/api/groups/${groupId}/articles`,
    { title: 'Shared notes', body: 'First line.' },
  )
  const editor = `/group/${groupId}/article/${article.id}/edit`
  await ready(page, editor)
  const body = page.getByRole('textbox', { name: 'Text (Markdown)' })
  await expect(body).toHaveValue('First line.')
  // Another tab saves first (setup, not under test): this one is stale now.
  const other = await context.newPage()
  await other.goto(editor)
  await other.getByRole('textbox', { name: 'Text (Markdown)' }).fill('First line.\nElsewhere.')
  await expect(other.getByRole('status').filter({ hasText: /^Saved \d{2}:\d{2}/ })).toBeVisible()
  await other.close()

  await tabTo(page, body, { max: 40 })
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Mine.')
  const dialog = page.getByRole('alertdialog', { name: 'This article was changed elsewhere' })
  await expect(dialog).toBeVisible()
  await expectTrapped(page, dialog, 3)
  await escapeBackTo(page, dialog, body)
})

test('gallery lightbox: Enter on an image, ← → move, trapped, Escape back to the image', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'kblb')
  const groupId = await group(page.request, baseURL!, 3)
  await ready(page, `/group/${groupId}/gallery`)
  const trigger = page.getByRole('list', { name: 'Images' }).getByRole('button').first()
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Image 1 of 3' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  const dialog = page.getByRole('dialog', { name: 'Image 2 of 3' })
  await expect(dialog).toBeVisible()
  await expectTrapped(page, dialog, 3)
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('dialog', { name: 'Image 1 of 3' })).toBeVisible()
  await escapeBackTo(page, page.getByRole('dialog'), trigger)
})

test("a province's details on the weather map: Enter on its tile, trapped, Escape back", async ({
  page,
}) => {
  await ready(page, '/plaza/weather/map')
  const trigger = page.getByRole('button', { name: /^Sichuan, / })
  // The 25th of 34 tiles.
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Sichuan' })
  await expect(dialog).toBeVisible()
  await expectTrapped(page, dialog, 1)
  await escapeBackTo(page, dialog, trigger)
})

// ---- The UI kit's demos (/developers/theme) -------------------------------------------------

test('UI kit modal demo: trapped, Escape back; a name and Enter submit it', async ({ page }) => {
  await ready(page, '/developers/theme/modal')
  const trigger = page.getByRole('main').getByRole('button', { name: 'New group' }).first()
  await tabTo(page, trigger, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New group' })
  await expect(dialog.getByLabel('Group name')).toBeFocused()
  await expectTrapped(page, dialog, 4)
  await escapeBackTo(page, dialog, trigger)

  await page.keyboard.press('Enter')
  await page.keyboard.type('Gardeners')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
})

test('UI kit menu demo: radio items and actions, the disabled one skipped; Enter chooses', async ({
  page,
}) => {
  await ready(page, '/developers/theme/menu')
  const trigger = page.getByRole('main').getByRole('button', { name: 'Actions' }).first()
  await tabTo(page, trigger, { max: 40 })
  const menu = page.getByRole('menu', { name: 'Actions' })
  await expectMenuKeys(page, trigger, menu, ['Newest', 'Top', 'Rename', 'Delete'])

  await trigger.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowUp')
  await expect(menuItem(menu, 'Rename')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Chosen: Rename').first()).toBeVisible()
  await expect(trigger).toBeFocused()
})

test('UI kit confirm demos: an info dialog with one button holds the focus; the destructive one too', async ({
  page,
}) => {
  await ready(page, '/developers/theme/confirm')
  const info = page.getByRole('main').getByRole('button', { name: 'Info', exact: true }).first()
  await tabTo(page, info, { max: 40 })
  await page.keyboard.press('Enter')
  const notice = page.getByRole('dialog', { name: 'Maintenance tonight' })
  await expect(notice.getByRole('button', { name: 'OK' })).toBeFocused()
  await expectTrapped(page, notice, 1)
  await page.keyboard.press('Enter')
  await expect(notice).toBeHidden()
  await expect(info).toBeFocused()

  const destructive = page.getByRole('main').getByRole('button', { name: 'Delete article' }).first()
  await tabTo(page, destructive, { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Delete this article?' })
  await expectTrapped(page, dialog, 2)
  await escapeBackTo(page, dialog, destructive)
})
