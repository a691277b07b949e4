import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText } from './clipboard.ts'

describe('copyText', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard')
    Reflect.deleteProperty(document, 'execCommand')
  })

  it('uses the Clipboard API where the browser offers it', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    await copyText('cyp_secret')
    expect(writeText).toHaveBeenCalledWith('cyp_secret')
  })

  it('falls back to a hidden text area on plain http, where navigator.clipboard is missing', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    let copied: string | undefined
    const execCommand = vi.fn((command: string) => {
      copied = document.querySelector('textarea')?.value
      return command === 'copy'
    })
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand })
    await copyText('curl http://10.0.0.5/api/health')
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(copied).toBe('curl http://10.0.0.5/api/health')
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('fails when the browser refuses the copy command, leaving nothing behind', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false })
    await expect(copyText('x')).rejects.toThrow('copy command refused')
    expect(document.querySelector('textarea')).toBeNull()
  })
})
