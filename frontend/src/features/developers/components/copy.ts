/**
 * Puts text on the clipboard: the async Clipboard API where the page may use it (https or
 * localhost), else the old `execCommand('copy')` on a hidden text area (plain-http intranets).
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    if (!document.execCommand('copy')) throw new Error('copy command refused')
  } finally {
    area.remove()
  }
}
