import { atom, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { ApiError } from './api-client.ts'

// GitHub's "sudo mode": changing how an account signs in (binding a phone number, linking or
// unlinking WeChat) needs a recent sign-in or a fresh proof of the account. When the server
// answers 403 `reauthentication_required`, the app asks "Confirm it's you" (the shell's
// ReauthDialog), proves the account with POST /api/auth/reauthenticate, and runs the call again.

/** The server's code for "confirm it's you first" (docs/api.md, "Recent proof"). */
const REAUTHENTICATION_REQUIRED = 'reauthentication_required'

function isReauthenticationRequired(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status === 403 && error.code === REAUTHENTICATION_REQUIRED
  )
}

/** A pending "confirm it's you": the dialog settles it with true (proven) or false (dismissed). */
export interface ReauthRequest {
  /** Tells requests apart (the dialog starts afresh for each). */
  id: number
  settle: (proven: boolean) => void
}

/** The open request, if any; the dialog is shown while it is set. */
export const reauthRequestAtom = atom<ReauthRequest | null>(null)

let lastId = 0

/** Opens the dialog; resolves true once the account was proven, false when it was dismissed. */
const requestReauthAtom = atom(null, (get, set) => {
  // A second request while one is open (two calls refused at once) settles the first as dismissed.
  get(reauthRequestAtom)?.settle(false)
  return new Promise<boolean>((resolve) => {
    const request: ReauthRequest = {
      id: ++lastId,
      settle: (proven) => {
        if (get(reauthRequestAtom) === request) set(reauthRequestAtom, null)
        resolve(proven)
      },
    }
    set(reauthRequestAtom, request)
  })
})

/**
 * Returns `withReauth(action)`: runs `action`; when the server asks for proof of the account,
 * shows "Confirm it's you" and, once proven, runs `action` again. Dismissing the dialog rejects
 * with the server's original error (its message says what to do).
 */
export function useReauth(): <T>(action: () => Promise<T>) => Promise<T> {
  const request = useSetAtom(requestReauthAtom)
  return useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action()
      } catch (error) {
        if (!isReauthenticationRequired(error)) throw error
        if (!(await request())) throw error
        return action()
      }
    },
    [request],
  )
}
