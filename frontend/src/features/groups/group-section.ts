import { groupPaths } from '@/lib/api/get-group.ts'

/** Where inside a group the viewer is, from the path below `/group/{id}`. */
export type GroupSection =
  'home' | 'articles' | 'gallery' | 'members' | 'settings' | 'reports' | 'join'

export function groupSection(groupId: string, pathname: string): GroupSection {
  const rest = pathname.slice(groupPaths.home(groupId).length).replace(/\/+$/, '')
  if (rest === '') return 'home'
  if (rest === '/articles' || rest.startsWith('/article/')) return 'articles'
  if (rest === '/gallery') return 'gallery'
  if (rest === '/members') return 'members'
  if (rest === '/settings') return 'settings'
  if (rest === '/reports') return 'reports'
  return 'join'
}
