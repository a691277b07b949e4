import type { TFunction } from 'i18next'
import {
  NEW_SESSION_PREFIX,
  SEND_FAILED_PREFIX,
  UNKNOWN_ERROR_REASON,
  type AiChatMessage,
} from '../model.ts'

/*
 * Texts the store keeps in Chinese as data (spec §3, §4.5), shown in the interface language.
 */

const NUMBERED_NEW_SESSION = new RegExp(`^${NEW_SESSION_PREFIX}(\\d+)$`)

/** '新会话 3' is 'New chat 3' in English; other titles are the user's and stay as they are. */
export function sessionTitle(title: string, t: TFunction<'ai'>): string {
  const number = NUMBERED_NEW_SESSION.exec(title)?.[1]
  return number === undefined ? title : t('session.numbered', { number })
}

/** '发送消息失败: {reason}' in the interface language; '未知错误' translated too. */
export function failureText(message: AiChatMessage, t: TFunction<'ai'>): string {
  if (!message.content.startsWith(SEND_FAILED_PREFIX)) return message.content
  const reason = message.content.slice(SEND_FAILED_PREFIX.length)
  return t('message.sendFailed', {
    reason: reason === UNKNOWN_ERROR_REASON ? t('message.unknownError') : reason,
  })
}

/** `courtyard-ai-chats-YYYYMMDD.json`, dated in the user's time zone. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `courtyard-ai-chats-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}.json`
}

/** Offers `text` as a file download. */
export function downloadText(text: string, fileName: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
