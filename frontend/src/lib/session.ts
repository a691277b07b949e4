import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { atom, useAtom } from 'jotai'
import { api } from './api-client.ts'
import type { User } from './user.ts'

/** GET /api/auth/token (docs/api.md). */
export interface AuthTokenResponse {
  success: boolean
  isAuthenticated: boolean
  hasUser: boolean
  user: User | null
  wechatOpenId: string | null
  authUrl: string | null
}

export interface SessionState {
  user: User | null
  /** Where the server wants the browser to go to authenticate (WeChat OAuth). */
  authUrl: string | null
}

export const sessionQueryKey = ['auth', 'session'] as const
/** Everything cached under this prefix belongs to the signed-in user. */
const userScopedKey = ['auth'] as const

async function fetchSession(): Promise<SessionState> {
  try {
    const response = await api.get<AuthTokenResponse>('/api/auth/token')
    return {
      user: response.isAuthenticated && response.user ? response.user : null,
      authUrl: response.authUrl ?? null,
    }
  } catch (error) {
    // Spec §4.1: without a positive answer the user is cleared; initialisation still completes.
    console.error('Auth initialisation failed', error)
    return { user: null, authUrl: null }
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

export function useSession() {
  const query = useQuery(sessionQueryOptions())
  return {
    user: query.data?.user ?? null,
    authUrl: query.data?.authUrl ?? null,
    initialized: query.isSuccess,
  }
}

/** Forgets everything fetched on behalf of the previous user, except the session itself. */
function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    queryKey: userScopedKey,
    predicate: (query) => query.queryKey[1] !== sessionQueryKey[1],
  })
}

/** Signed in (login or registration): the new user, none of the previous one's data. */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  forgetUserData(queryClient)
  queryClient.setQueryData<SessionState>(sessionQueryKey, { user, authUrl: null })
}

/** Signed out: forget the user and everything fetched on their behalf. */
export function clearSession(queryClient: QueryClient): void {
  forgetUserData(queryClient)
  queryClient.setQueryData<SessionState>(sessionQueryKey, { user: null, authUrl: null })
}

const loginDialogOpenAtom = atom(false)

/** Any feature may ask for the login dialog, which the shell renders. */
export function useLoginDialog() {
  const [open, setOpen] = useAtom(loginDialogOpenAtom)
  return { open, openLogin: () => setOpen(true), close: () => setOpen(false) }
}
