import { describe, expect, it } from 'vitest'
import { userInitials } from './user.ts'

describe('initials (spec §3)', () => {
  it('takes the first two letters of the nickname, upper case', () => {
    expect(userInitials({ nickname: 'lily', username: 'zz' })).toBe('LI')
  })

  it('falls back to the username when the nickname is empty or blank', () => {
    expect(userInitials({ nickname: '', username: 'wang_fang' })).toBe('WA')
    expect(userInitials({ nickname: '   ', username: 'qi' })).toBe('QI')
  })

  it('keeps CJK characters and skips spaces', () => {
    expect(userInitials({ nickname: '张三丰', username: 'zs' })).toBe('张三')
    expect(userInitials({ nickname: ' li na', username: 'x' })).toBe('LI')
  })

  it('does not split an emoji or a one-letter name', () => {
    expect(userInitials({ nickname: '👩‍💻dev', username: 'x' })).toBe('👩‍💻D')
    expect(userInitials({ nickname: 'a', username: 'x' })).toBe('A')
  })
})
