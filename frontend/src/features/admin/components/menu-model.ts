import type { Menu, MenuActionType, MenuButton, MenuFault } from '@/lib/api/types.ts'

/** WeChat's custom-menu limits (docs/api.md, "Menu rules"). */
export const MENU_LIMITS = {
  buttons: 3,
  subButtons: 5,
  /** Name lengths are counted in UTF-8 bytes: a Chinese character is 3. */
  nameBytes: 16,
  subNameBytes: 60,
  keyBytes: 128,
  urlBytes: 1024,
} as const

export const ACTION_TYPES: readonly MenuActionType[] = ['click', 'view', 'miniprogram']

/** The fields each action type sends, in WeChat's order. */
const ACTION_FIELDS = {
  click: ['key'],
  view: ['url'],
  miniprogram: ['appid', 'pagepath', 'url'],
} as const satisfies Record<MenuActionType, readonly ActionField[]>

export type ActionField = 'key' | 'url' | 'appid' | 'pagepath'
const ALL_ACTION_FIELDS: readonly ActionField[] = ['key', 'url', 'appid', 'pagepath']

const encoder = new TextEncoder()

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length
}

export function isActionType(type: string): type is MenuActionType {
  return (ACTION_TYPES as readonly string[]).includes(type)
}

/** The fields an action of this type uses; a type this console does not edit keeps them all. */
export function actionFields(type: string): readonly ActionField[] {
  if (type === '') return []
  return isActionType(type) ? ACTION_FIELDS[type] : ALL_ACTION_FIELDS
}

/**
 * The editor's tree. Every field is kept as a string (empty = not set) so switching a type back
 * and forth loses nothing; `toMenu` sends only what the chosen type uses. Ids are for React keys
 * and for tying server faults to a node that may move afterwards.
 */
export interface EditorAction {
  /** '' when the loaded menu had none; otherwise a WeChat type, possibly one we do not edit. */
  type: string
  key: string
  url: string
  appid: string
  pagepath: string
}

export interface EditorSubButton extends EditorAction {
  id: string
  name: string
}

export interface EditorButton extends EditorAction {
  id: string
  name: string
  /** A parent opens a sub-menu and has no action of its own. */
  kind: 'action' | 'parent'
  subButtons: EditorSubButton[]
}

export type EditorMenu = EditorButton[]

let nextNodeId = 1
function newId(): string {
  return `node-${nextNodeId++}`
}

const emptyAction = (): EditorAction => ({
  type: 'view',
  key: '',
  url: '',
  appid: '',
  pagepath: '',
})

function newSubButton(): EditorSubButton {
  return { id: newId(), name: '', ...emptyAction() }
}

function newButton(): EditorButton {
  return { id: newId(), name: '', kind: 'action', subButtons: [], ...emptyAction() }
}

function actionFrom(button: MenuButton): EditorAction {
  return {
    type: button.type ?? '',
    key: button.key ?? '',
    url: button.url ?? '',
    appid: button.appid ?? '',
    pagepath: button.pagepath ?? '',
  }
}

/** WeChat's menu JSON → the editor tree (null: no menu yet, so an empty editor). */
export function fromMenu(menu: Menu | null | undefined): EditorMenu {
  return (menu?.button ?? []).map((button) => {
    const subs = button.sub_button ?? []
    const isParent = subs.length > 0 || (button.sub_button !== undefined && !button.type)
    return {
      id: newId(),
      name: button.name ?? '',
      kind: isParent ? 'parent' : 'action',
      ...actionFrom(button),
      // A parent has no type of its own; start its action as a view should it become one.
      ...(isParent && !button.type ? { type: 'view' } : {}),
      subButtons: subs.map((sub) => ({ id: newId(), name: sub.name ?? '', ...actionFrom(sub) })),
    }
  })
}

/** Only the fields that hold something: an empty value is left out, not sent as "". */
function nonEmpty(json: Record<string, string | MenuButton[]>): MenuButton {
  return Object.fromEntries(
    Object.entries(json).filter(([, value]) => typeof value !== 'string' || value.trim() !== ''),
  ) as unknown as MenuButton
}

function actionJson(node: EditorAction & { name: string }): MenuButton {
  const fields = Object.fromEntries(actionFields(node.type).map((field) => [field, node[field]]))
  return nonEmpty({ name: node.name, type: node.type, ...fields })
}

/**
 * The editor tree → WeChat's menu JSON: snake_case `sub_button`, only the fields the chosen
 * type uses, and no empty strings (a missing required field is the server's fault to report).
 */
export function toMenu(menu: EditorMenu): Menu {
  return {
    button: menu.map((button) =>
      button.kind === 'action'
        ? actionJson(button)
        : nonEmpty({ name: button.name, sub_button: button.subButtons.map(actionJson) }),
    ),
  }
}

/** A stable text form for "has anything changed" comparisons. */
export function menuSignature(menu: EditorMenu): string {
  return JSON.stringify(toMenu(menu))
}

// ---------------------------------------------------------------------------------------------
// Tree operations (pure; the page keeps the tree in state)

function move<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta
  if (index < 0 || target < 0 || target >= items.length) return [...items]
  const copy = [...items]
  ;[copy[index], copy[target]] = [copy[target] as T, copy[index] as T]
  return copy
}

export function addButton(menu: EditorMenu): EditorMenu {
  return menu.length >= MENU_LIMITS.buttons ? menu : [...menu, newButton()]
}

export function removeButton(menu: EditorMenu, id: string): EditorMenu {
  return menu.filter((button) => button.id !== id)
}

export function moveButton(menu: EditorMenu, id: string, delta: -1 | 1): EditorMenu {
  return move(
    menu,
    menu.findIndex((button) => button.id === id),
    delta,
  )
}

type ButtonPatch = Partial<Omit<EditorButton, 'id' | 'subButtons'>>
type SubButtonPatch = Partial<Omit<EditorSubButton, 'id'>>

export function updateButton(menu: EditorMenu, id: string, patch: ButtonPatch): EditorMenu {
  return menu.map((button) => {
    if (button.id !== id) return button
    const next = { ...button, ...patch }
    // A new parent starts with one sub-button to fill in.
    if (patch.kind === 'parent' && next.subButtons.length === 0) next.subButtons = [newSubButton()]
    return next
  })
}

function withSubs(
  menu: EditorMenu,
  buttonId: string,
  change: (subs: EditorSubButton[]) => EditorSubButton[],
): EditorMenu {
  return menu.map((button) =>
    button.id === buttonId ? { ...button, subButtons: change(button.subButtons) } : button,
  )
}

export function addSubButton(menu: EditorMenu, buttonId: string): EditorMenu {
  return withSubs(menu, buttonId, (subs) =>
    subs.length >= MENU_LIMITS.subButtons ? subs : [...subs, newSubButton()],
  )
}

export function removeSubButton(menu: EditorMenu, buttonId: string, subId: string): EditorMenu {
  return withSubs(menu, buttonId, (subs) => subs.filter((sub) => sub.id !== subId))
}

export function moveSubButton(
  menu: EditorMenu,
  buttonId: string,
  subId: string,
  delta: -1 | 1,
): EditorMenu {
  return withSubs(menu, buttonId, (subs) =>
    move(
      subs,
      subs.findIndex((sub) => sub.id === subId),
      delta,
    ),
  )
}

export function updateSubButton(
  menu: EditorMenu,
  buttonId: string,
  subId: string,
  patch: SubButtonPatch,
): EditorMenu {
  return withSubs(menu, buttonId, (subs) =>
    subs.map((sub) => (sub.id === subId ? { ...sub, ...patch } : sub)),
  )
}

// ---------------------------------------------------------------------------------------------
// Server faults

/** A fault tied to the node it was about, so it stays next to the right field after a move. */
export interface PlacedFault extends MenuFault {
  /** Button or sub-button id; null for faults about the whole menu (or a node that is gone). */
  nodeId: string | null
  /** The field name after the node (`name`, `url`, `sub_button`, …); null for the node itself. */
  field: string | null
}

interface ParsedPath {
  button?: number
  sub?: number
  field?: string
}

/** `button[1].sub_button[0].name` → { button: 1, sub: 0, field: 'name' }. */
export function parseFaultPath(path: string): ParsedPath {
  const segments = [...path.matchAll(/([A-Za-z_]+)|\[(\d+)\]/g)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : (match[1] as string),
  )
  const result: ParsedPath = {}
  let index = 0
  if (segments[index] === 'button') index++
  if (typeof segments[index] === 'number') result.button = segments[index++] as number
  if (result.button !== undefined && segments[index] === 'sub_button') {
    if (typeof segments[index + 1] === 'number') {
      result.sub = segments[index + 1] as number
      index += 2
    }
  }
  const rest = segments.slice(index).filter((segment) => typeof segment === 'string')
  if (rest.length > 0) result.field = rest.join('.')
  return result
}

/** Ties the server's faults (paths into the menu that was sent) to the nodes of that tree. */
export function placeFaults(menu: EditorMenu, faults: readonly MenuFault[]): PlacedFault[] {
  return faults.map((fault) => {
    const { button, sub, field } = parseFaultPath(fault.path)
    const parent = button === undefined ? undefined : menu[button]
    const node = sub === undefined ? parent : parent?.subButtons[sub]
    if (!node) return { ...fault, nodeId: null, field: null }
    return { ...fault, nodeId: node.id, field: field ?? null }
  })
}

/** Where a node is now: its button and sub-button positions (0-based), if it still exists. */
export function locateNode(
  menu: EditorMenu,
  nodeId: string,
): { button: number; sub?: number } | null {
  for (const [buttonIndex, button] of menu.entries()) {
    if (button.id === nodeId) return { button: buttonIndex }
    const subIndex = button.subButtons.findIndex((sub) => sub.id === nodeId)
    if (subIndex !== -1) return { button: buttonIndex, sub: subIndex }
  }
  return null
}

/** The element for a node's field, as marked by `data-field` (ids and fields are plain words). */
export function findField(nodeId: string, field: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-field="${nodeId}.${field}"]`)
}

/** Short ids (numbers) as they are; long ones (UUIDs) by their first 8 characters. */
export function versionLabel(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id
}
