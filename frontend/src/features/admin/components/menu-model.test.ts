import { describe, expect, it } from 'vitest'
import type { Menu } from '@/lib/api/types.ts'
import {
  addButton,
  addSubButton,
  fromMenu,
  menuSignature,
  moveButton,
  moveSubButton,
  parseFaultPath,
  placeFaults,
  toMenu,
  updateButton,
  updateSubButton,
  utf8Bytes,
} from './menu-model.ts'

const published: Menu = {
  button: [
    { name: '官网', type: 'view', url: 'https://example.com' },
    {
      name: '服务',
      sub_button: [
        { name: '预约', type: 'click', key: 'BOOK' },
        {
          name: '小程序',
          type: 'miniprogram',
          appid: 'wx123',
          pagepath: 'pages/index',
          url: 'https://example.com/fallback',
        },
      ],
    },
  ],
}

describe('utf8Bytes', () => {
  it('counts UTF-8 bytes: ASCII 1, Chinese 3, emoji 4', () => {
    expect(utf8Bytes('About')).toBe(5)
    expect(utf8Bytes('六个汉字')).toBe(12)
    expect(utf8Bytes('一二三四五六')).toBe(18)
    expect(utf8Bytes('😀')).toBe(4)
  })
})

describe('fromMenu / toMenu', () => {
  it('round-trips WeChat JSON without changing it', () => {
    expect(toMenu(fromMenu(published))).toEqual(published)
  })

  it('starts empty when there is no menu', () => {
    expect(fromMenu(null)).toEqual([])
    expect(toMenu(fromMenu(null))).toEqual({ button: [] })
  })

  it('sends only the fields of the chosen type and no empty strings', () => {
    let menu = addButton([])
    const id = menu[0]!.id
    menu = updateButton(menu, id, { name: 'Help', type: 'view', url: 'https://x.test', key: 'K' })
    expect(toMenu(menu)).toEqual({
      button: [{ name: 'Help', type: 'view', url: 'https://x.test' }],
    })
    menu = updateButton(menu, id, { type: 'click' })
    expect(toMenu(menu)).toEqual({ button: [{ name: 'Help', type: 'click', key: 'K' }] })
    menu = updateButton(menu, id, { name: '', key: '' })
    expect(toMenu(menu)).toEqual({ button: [{ type: 'click' }] })
  })

  it('a parent sends sub_button and no type, and starts with one sub-button', () => {
    let menu = addButton([])
    const id = menu[0]!.id
    menu = updateButton(menu, id, { name: 'More', kind: 'parent' })
    expect(menu[0]!.subButtons).toHaveLength(1)
    const sub = menu[0]!.subButtons[0]!.id
    menu = updateSubButton(menu, id, sub, { name: 'Docs', url: 'https://d.test' })
    expect(toMenu(menu)).toEqual({
      button: [
        { name: 'More', sub_button: [{ name: 'Docs', type: 'view', url: 'https://d.test' }] },
      ],
    })
  })

  it('a signature changes with an edit and not with a round trip', () => {
    const menu = fromMenu(published)
    expect(menuSignature(fromMenu(toMenu(menu)))).toBe(menuSignature(menu))
    expect(menuSignature(updateButton(menu, menu[0]!.id, { name: '首页' }))).not.toBe(
      menuSignature(menu),
    )
  })
})

describe('limits and moves', () => {
  it('never holds more than 3 buttons or 5 sub-buttons', () => {
    let menu = addButton(addButton(addButton(addButton([]))))
    expect(menu).toHaveLength(3)
    const id = menu[0]!.id
    menu = updateButton(menu, id, { kind: 'parent' })
    for (let i = 0; i < 10; i++) menu = addSubButton(menu, id)
    expect(menu[0]!.subButtons).toHaveLength(5)
  })

  it('moves buttons and sub-buttons within bounds', () => {
    const menu = fromMenu(published)
    const [first, second] = menu
    expect(moveButton(menu, second!.id, -1).map((button) => button.name)).toEqual(['服务', '官网'])
    expect(moveButton(menu, first!.id, -1).map((button) => button.name)).toEqual(['官网', '服务'])
    const subs = second!.subButtons
    const moved = moveSubButton(menu, second!.id, subs[0]!.id, 1)
    expect(moved[1]!.subButtons.map((sub) => sub.name)).toEqual(['小程序', '预约'])
  })
})

describe('faults', () => {
  it('parses WeChat paths', () => {
    expect(parseFaultPath('button')).toEqual({})
    expect(parseFaultPath('button[2]')).toEqual({ button: 2 })
    expect(parseFaultPath('button[1].name')).toEqual({ button: 1, field: 'name' })
    expect(parseFaultPath('button[1].sub_button')).toEqual({ button: 1, field: 'sub_button' })
    expect(parseFaultPath('button[1].sub_button[0].name')).toEqual({
      button: 1,
      sub: 0,
      field: 'name',
    })
  })

  it('ties faults to the nodes of the tree that was sent', () => {
    const menu = fromMenu(published)
    const placed = placeFaults(menu, [
      { path: 'button[1].sub_button[1].pagepath', code: 'pagepath_required', message: 'p' },
      { path: 'button[0].url', code: 'url_invalid', message: 'u' },
      { path: 'button', code: 'too_many_buttons', message: 'm' },
      { path: 'button[7].name', code: 'name_required', message: 'gone' },
    ])
    expect(placed.map(({ nodeId, field }) => ({ nodeId, field }))).toEqual([
      { nodeId: menu[1]!.subButtons[1]!.id, field: 'pagepath' },
      { nodeId: menu[0]!.id, field: 'url' },
      { nodeId: null, field: null },
      { nodeId: null, field: null },
    ])
  })
})
