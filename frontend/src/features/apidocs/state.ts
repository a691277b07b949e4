/**
 * The docs browser's own state (spec §3 "API docs state") that outlives switching between the
 * list and the detail route: search, chosen endpoint and group, and the try-it-out
 * authentication. The docs themselves (apiDocs, loading, error) are the query in
 * `api/get-docs.ts`; the current view is the route. Memory only: a token pasted here is gone
 * on reload.
 */
import { atom } from 'jotai'
import type { AuthType } from './request.ts'

export const searchQueryAtom = atom('')
/** The endpoint chosen in the list (the detail route's id wins while it is open). */
export const selectedIdAtom = atom<string | null>(null)
/** See `Selection.expandedGroup` in `browser-state.ts`. */
export const expandedGroupAtom = atom<string | null | undefined>(undefined)
export const authTypeAtom = atom<AuthType>('sta')
/** The token picked from `GET /api/tokens`, or null for a pasted one. */
export const patTokenIdAtom = atom<string | null>(null)
/** The secret sent in 'pat' mode. */
export const patTokenAtom = atom('')
