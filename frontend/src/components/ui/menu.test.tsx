import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Menu, MenuItem, MenuRadioGroup } from './menu.tsx'

function Example({ onSelect = vi.fn() }: { onSelect?: () => void }) {
  const [value, setValue] = useState<'a' | 'b'>('b')
  return (
    <>
      <Menu label="Choices" trigger={<button>Choices</button>}>
        <MenuRadioGroup
          value={value}
          onValueChange={setValue}
          options={[
            { value: 'a', label: 'Alpha' },
            { value: 'b', label: 'Beta' },
          ]}
        />
        <MenuItem onSelect={onSelect}>Act</MenuItem>
      </Menu>
      <p>Value: {value}</p>
      <button>Elsewhere</button>
    </>
  )
}

describe('<Menu>', () => {
  it('opens on click with focus on the checked item and wires up ARIA', async () => {
    const user = userEvent.setup()
    render(<Example />)
    const trigger = screen.getByRole('button', { name: 'Choices' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('menu', { name: 'Choices' })).toBeInTheDocument()
    expect(screen.getByRole('menuitemradio', { name: 'Beta' })).toHaveFocus()
    expect(screen.getByRole('menuitemradio', { name: 'Beta' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  })

  it('moves with the arrow keys, wraps, and Escape returns focus to the button', async () => {
    const user = userEvent.setup()
    render(<Example />)
    const trigger = screen.getByRole('button', { name: 'Choices' })
    trigger.focus()
    await user.keyboard('{ArrowUp}')
    expect(screen.getByRole('menuitem', { name: 'Act' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitemradio', { name: 'Alpha' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('menuitem', { name: 'Act' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
  })

  it('selecting an option changes the value and closes the menu', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<Example onSelect={onSelect} />)
    await user.click(screen.getByRole('button', { name: 'Choices' }))
    await user.keyboard('{ArrowUp}{Enter}')
    expect(screen.getByText('Value: a')).toBeInTheDocument()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Choices' }))
    await user.click(screen.getByRole('menuitem', { name: 'Act' }))
    expect(onSelect).toHaveBeenCalledTimes(1)
  })

  it('closes on an outside click', async () => {
    const user = userEvent.setup()
    render(<Example />)
    await user.click(screen.getByRole('button', { name: 'Choices' }))
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })
})
