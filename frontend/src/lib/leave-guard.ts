import { useBlocker } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from './confirm.ts'

interface LeaveGuardOptions {
  /**
   * Whether leaving this page now would lose something. A function is asked at the moment of
   * leaving and may first try to save (the article editor saves, and asks only when it could
   * not): `true` asks, `false` lets the navigation go.
   */
  when: boolean | (() => boolean | Promise<boolean>)
  /**
   * Whether closing or reloading the tab would lose something: the browser's own prompt
   * (its text is the browser's). Defaults to `when` when that is a boolean, else to false.
   */
  beforeUnload?: boolean | (() => boolean)
  /** The dialog's texts; the defaults say that unsaved changes are lost. */
  title?: string
  description?: string
  leaveLabel?: string
  stayLabel?: string
}

/**
 * "Leaving a page with unsaved work asks first" (docs/frontend.md, "Drafts and leaving a page"):
 * an in-app navigation to another page (a link, Back, the tab bar) waits on the app's confirm
 * dialog, "Leave" lets it go and "Stay" (or Escape) cancels it; a reload or closing the tab gets
 * the browser's prompt. A navigation within the same page (its search, a modal's history entry)
 * never asks: the form stays mounted. Answers `allowLeaving()`, which lets the next navigation
 * go without asking (after publishing or deleting, when the page itself moves on).
 */
export function useLeaveGuard(options: LeaveGuardOptions): { allowLeaving: () => void } {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const optionsRef = useRef(options)
  const allowedRef = useRef(false)
  useEffect(() => {
    optionsRef.current = options
  })

  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      if (allowedRef.current || current.pathname === next.pathname) return false
      const { when, title, description, leaveLabel, stayLabel } = optionsRef.current
      const loses = typeof when === 'function' ? await when() : when
      if (!loses) return false
      const leave = await new Promise<boolean>((resolve) =>
        confirm({
          title: title ?? t('leaveGuard.title'),
          description: description ?? t('leaveGuard.body'),
          confirmLabel: leaveLabel ?? t('leaveGuard.leave'),
          cancelLabel: stayLabel ?? t('leaveGuard.stay'),
          destructive: true,
          history: false,
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      )
      return !leave
    },
    enableBeforeUnload: () => {
      if (allowedRef.current) return false
      const { when, beforeUnload } = optionsRef.current
      if (beforeUnload !== undefined) {
        return typeof beforeUnload === 'function' ? beforeUnload() : beforeUnload
      }
      return typeof when === 'boolean' ? when : false
    },
  })

  const allowLeaving = useCallback(() => {
    allowedRef.current = true
  }, [])
  return { allowLeaving }
}
