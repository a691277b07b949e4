import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { atom, useAtom } from 'jotai'
import { api } from './api-client.ts'
import { forgetPatSecret } from './pat-secrets.ts'
import type { SignInState } from './api/types.ts'
import type { User } from './user.ts'

export interface SessionState {
  user: User | null
  /** Where the server wants the browser to go to authenticate (WeChat OAuth). */
  authUrl: string | null
  /** The WeChat openid this browser proved through WeChat OAuth, if any. */
  wechatOpenId: string | null
  /** True when an account is linked to {@link wechatOpenId}. */
  hasUser: boolean
  /**
   * Why this browser is signed out when it came back with a session that ended:
   * `account_disabled` (an administrator disabled the account), else null or absent.
   */
  signedOutReason?: string | null
}

const signedOutState: SessionState = {
  user: null,
  authUrl: null,
  wechatOpenId: null,
  hasUser: false,
}

export const sessionQueryKey = ['auth', 'session'] as const
/** Everything cached under this prefix belongs to the signed-in user. */
const userScopedKey = ['auth'] as const

async function fetchSession(): Promise<SessionState> {
  try {
    const response = await api.get<SignInState>('/api/auth/token')
    return {
      user: response.isAuthenticated && response.user ? response.user : null,
      authUrl: response.authUrl ?? null,
      wechatOpenId: response.wechatOpenId ?? null,
      hasUser: Boolean(response.wechatOpenId && response.hasUser),
      // Only when the server says why (a disabled account): absent otherwise.
      ...(!response.isAuthenticated && response.signedOutReason
        ? { signedOutReason: response.signedOutReason }
        : {}),
    }
  } catch (error) {
    // Spec §4.1: without a positive answer the user is cleared; initialisation still completes.
    console.error('Auth initialisation failed', error)
    return signedOutState
  }
}

/** Loaded once per page load (spec §4.1); logins and logouts write it directly. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  })
}

/**
 * The session. `fetch: false` only reads what the shell already fetched (the login dialog,
 * which never opens before that, uses it so that rendering it alone makes no request).
 */
export function useSession({ fetch = true }: { fetch?: boolean } = {}) {
  const query = useQuery({ ...sessionQueryOptions(), enabled: fetch })
  return {
    user: query.data?.user ?? null,
    authUrl: query.data?.authUrl ?? null,
    wechatOpenId: query.data?.wechatOpenId ?? null,
    hasUser: query.data?.hasUser ?? false,
    signedOutReason: query.data?.signedOutReason ?? null,
    initialized: query.isSuccess,
  }
}

/** Refetches `/api/auth/token`, e.g. after WeChat was bound or unbound (spec §4.1). */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionQueryKey })
}

/** Forgets everything fetched on behalf of the previous user, except the session itself. */
function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    queryKey: userScopedKey,
    predicate: (query) => query.queryKey[1] !== sessionQueryKey[1],
  })
}

/** What is known about this browser's WeChat identity survives a login (logout ends it). */
function withUser(previous: SessionState | undefined, user: User | null): SessionState {
  return { ...signedOutState, ...previous, user, authUrl: null }
}

/** Signed in (login or registration): the new user, none of the previous one's data. */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  forgetUserData(queryClient)
  queryClient.setQueryData<SessionState>(sessionQueryKey, (previous) => withUser(previous, user))
}

/** The same user changed (their profile, avatar): the session shows the server's answer. */
export function updateSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<SessionState>(sessionQueryKey, (previous) => withUser(previous, user))
}

/**
 * Signed out: forget the user, everything fetched on their behalf, this tab's token secrets and
 * the browser's WeChat identity — logout ends the server's WeChat proof too (it is single use),
 * so the dialog must not offer a WeChat login that can only fail.
 */
export function clearSession(queryClient: QueryClient): void {
  forgetUserData(queryClient)
  forgetPatSecret()
  queryClient.setQueryData<SessionState>(sessionQueryKey, () => signedOutState)
}

const loginDialogOpenAtom = atom(false)

/** Any feature may ask for the login dialog, which the shell renders. */
export function useLoginDialog() {
  const [open, setOpen] = useAtom(loginDialogOpenAtom)
  return { open, openLogin: () => setOpen(true), close: () => setOpen(false) }
}
