import { act, render, screen } from '@testing-library/react'
import { i18n } from '@/lib/i18n.ts'
import { describe, expect, it } from 'vitest'
import { WithheldBadge } from './withheld-badge.tsx'

describe('<WithheldBadge>', () => {
  it('marks what the word list holds as under review, with who can see it', () => {
    const { container } = render(<WithheldBadge withheld="held" />)
    expect(screen.getByText('Under review')).toBeVisible()
    expect(container).toHaveTextContent('Only you can see this until a moderator reviews it.')
    expect(screen.queryByText('Hidden')).toBeNull()
  })

  it('marks what a moderator hid as hidden', () => {
    const { container } = render(<WithheldBadge withheld="hidden" />)
    expect(screen.getByText('Hidden')).toBeVisible()
    expect(container).toHaveTextContent('A moderator hid this; only you can see it.')
    expect(screen.queryByText('Under review')).toBeNull()
  })

  it('shows nothing for what everyone sees', () => {
    const { container } = render(<WithheldBadge withheld={null} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('speaks Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh'))
    try {
      const { container } = render(
        <>
          <WithheldBadge withheld="held" />
          <WithheldBadge withheld="hidden" />
        </>,
      )
      expect(screen.getByText('审核中')).toBeVisible()
      expect(screen.getByText('已隐藏')).toBeVisible()
      expect(container).toHaveTextContent('只有你能看到，等待管理员审核。')
      expect(container).toHaveTextContent('已被管理员隐藏，只有你能看到。')
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })
})
