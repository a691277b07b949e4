import { BookOpen, House, KeyRound, Palette, Wrench, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionLayout } from '@/components/section-layout.tsx'

const NAV_ITEMS: ReadonlyArray<{
  to:
    | '/developers'
    | '/developers/api'
    | '/developers/pat'
    | '/developers/theme'
    | '/developers/tools'
  label: 'nav.overview' | 'nav.api' | 'nav.tokens' | 'nav.theme' | 'nav.tools'
  icon: LucideIcon
  exact?: boolean
}> = [
  { to: '/developers', label: 'nav.overview', icon: House, exact: true },
  { to: '/developers/api', label: 'nav.api', icon: BookOpen },
  { to: '/developers/pat', label: 'nav.tokens', icon: KeyRound },
  { to: '/developers/theme', label: 'nav.theme', icon: Palette },
  { to: '/developers/tools', label: 'nav.tools', icon: Wrench },
]

/**
 * The developer portal's frame: a side navigation on desktop, a row of scrollable tabs under
 * the header on phones (< 768 px), with the current one scrolled into view.
 */
export function DevelopersLayout() {
  const { t } = useTranslation('developers')
  return (
    <SectionLayout
      title={t('portal')}
      navLabel={t('nav.label')}
      items={NAV_ITEMS.map((item) => ({ ...item, label: t(item.label) }))}
    />
  )
}
