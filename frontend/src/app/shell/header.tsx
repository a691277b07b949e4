import { Link } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { Bot } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Logo } from '@/components/logo.tsx'
import { aiModalOpenAtom } from '@/features/ai/open-state.ts'
import { NotificationBell } from '@/features/notifications/components/bell-slot.tsx'
import { HeaderSearchSlot } from '@/features/search/components/header-search-slot.tsx'
import { AccountControl } from './account-control.tsx'
import { ColorModeSwitch } from './color-mode-switch.tsx'
import { LanguageSwitch } from './language-switch.tsx'

/** Top-level destinations; later areas (the plaza) add themselves here. */
const NAV_ITEMS = [
  { to: '/', label: 'nav.home' },
  { to: '/plaza', label: 'nav.plaza' },
  { to: '/group', label: 'nav.groups' },
  { to: '/developers', label: 'nav.developers' },
] as const

const navLinkClasses =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:text-foreground'

export function Header() {
  const { t } = useTranslation()
  const openAssistant = useSetAtom(aiModalOpenAtom)
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 md:gap-4 md:px-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md pe-1 font-semibold max-md:min-h-11 max-md:min-w-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
          {/* With the phone's 44 px buttons, 'Courtyard' leaves the row no room below 400 px
              (DejaVu Sans: 370 px at 360): there the mark alone shows, the name is still read.
              '庭院' needs 382 px beside the six buttons of someone signed in (search, assistant,
              language, colour, bell, account), so below 384 px it goes too. */}
          <span className="text-lg max-[24rem]:sr-only [html:lang(en)_&]:max-[25rem]:sr-only">
            {t('brand')}
          </span>
        </Link>
        {/* Phones (< 768 px) have the tab bar at the bottom instead (tab-bar.tsx): the row
            needs the room for its buttons. */}
        <nav aria-label={t('nav.label')} className="hidden items-center md:flex">
          {NAV_ITEMS.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={navLinkClasses}
              activeOptions={{ exact: item.to === '/' }}
            >
              {t(item.label)}
            </Link>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-0.5">
          <HeaderSearchSlot />
          <Button
            variant="ghost"
            iconOnly
            aria-label={t('assistant.open')}
            title={t('assistant.open')}
            onClick={() => openAssistant(true)}
          >
            <Bot aria-hidden="true" />
          </Button>
          <LanguageSwitch />
          <ColorModeSwitch />
          <NotificationBell />
          <AccountControl />
        </div>
      </div>
    </header>
  )
}
