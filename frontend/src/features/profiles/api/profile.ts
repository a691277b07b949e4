import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type {
  PlazaFeedPage,
  ProfileArticlesPage,
  ProfileGroupsPage,
  ProfileResponse,
  UserStatusResponse,
} from '@/lib/api/types.ts'

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`

/**
 * Query keys of one person's profile and lists. What they hold depends on who asks (`isSelf`,
 * `disabled`, private groups, `liked`), so they sit under the user-scoped `['auth', …]` prefix:
 * signing in or out drops them.
 */
export const profileKeys = {
  all: ['auth', 'profiles'] as const,
  user: (userId: string) => [...profileKeys.all, userId] as const,
  profile: (userId: string) => [...profileKeys.user(userId), 'profile'] as const,
  list: (userId: string, list: ProfileList) => [...profileKeys.user(userId), list] as const,
}

/** The three lists a profile shows, each its own endpoint under `/api/users/{id}/`. */
export type ProfileList = 'groups' | 'posts' | 'articles'

function pageQuery(cursor: string | null): string {
  return cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''
}

/** `GET /api/users/{id}`: who they are (a 404 for an unknown or malformed id). */
export function fetchProfile(userId: string): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(userPath(userId))
}

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: () => fetchProfile(userId),
  })
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId))
}

/** `GET /api/users/{id}/groups`: their groups the asker may read, most recently joined first. */
export function fetchProfileGroups(userId: string, cursor: string | null) {
  return api.get<ProfileGroupsPage>(`${userPath(userId)}/groups${pageQuery(cursor)}`)
}

/** `GET /api/users/{id}/posts`: their plaza posts, newest first. */
export function fetchProfilePosts(userId: string, cursor: string | null) {
  return api.get<PlazaFeedPage>(`${userPath(userId)}/posts${pageQuery(cursor)}`)
}

/** `GET /api/users/{id}/articles`: their published articles the asker may read. */
export function fetchProfileArticles(userId: string, cursor: string | null) {
  return api.get<ProfileArticlesPage>(`${userPath(userId)}/articles${pageQuery(cursor)}`)
}

export function useProfileGroups(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: profileKeys.list(userId, 'groups'),
      queryFn: ({ pageParam }) => fetchProfileGroups(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  )
}

export function useProfilePosts(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: profileKeys.list(userId, 'posts'),
      queryFn: ({ pageParam }) => fetchProfilePosts(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  )
}

export function useProfileArticles(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: profileKeys.list(userId, 'articles'),
      queryFn: ({ pageParam }) => fetchProfileArticles(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  )
}

/** `POST /api/admin/users/{id}/disable` or `/enable` (administrators only). */
export function setUserDisabled(userId: string, disabled: boolean): Promise<UserStatusResponse> {
  const action = disabled ? 'disable' : 'enable'
  return api.post<UserStatusResponse>(
    `/api/admin/users/${encodeURIComponent(userId)}/${action}`,
    {},
  )
}

/** Disables or enables a user; the profile is read again to show the new state. */
export function useSetUserDisabled(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (disabled: boolean) => setUserDisabled(userId, disabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile(userId) }),
  })
}
