import { Link } from '@tanstack/react-router'
import {
  Bot,
  ChevronRight,
  Code,
  LogIn,
  MessagesSquare,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card } from '@/components/ui/card.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'

/**
 * What the app offers today, and nothing it does not have yet (profiles are not built): a card
 * only names a feature whose pages exist.
 */
const FEATURES: ReadonlyArray<{
  key: 'plaza' | 'groups' | 'signIn' | 'assistant' | 'developers' | 'security'
  icon: LucideIcon
}> = [
  { key: 'plaza', icon: MessagesSquare },
  { key: 'groups', icon: Users },
  { key: 'signIn', icon: LogIn },
  { key: 'assistant', icon: Bot },
  { key: 'developers', icon: Code },
  { key: 'security', icon: ShieldCheck },
]

/** Where a signed-in visitor may go next. */
const NEXT = [
  { key: 'plaza', to: '/plaza', icon: MessagesSquare },
  { key: 'groups', to: '/group', icon: Users },
  { key: 'security', to: '/settings/security', icon: ShieldCheck },
] as const

export function HomePage() {
  const { t } = useTranslation('home')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-16">
      <section aria-labelledby="home-title" className="max-w-3xl">
        <p className="text-sm font-medium text-primary">{t('hero.eyebrow')}</p>
        <h1
          id="home-title"
          className="mt-2 text-3xl font-bold tracking-tight text-balance md:text-5xl"
        >
          {user
            ? t('signedIn.greeting', { name: user.nickname || user.username })
            : t('hero.title')}
        </h1>
        <p className="mt-4 text-lg text-muted-foreground md:text-xl">{t('hero.body')}</p>
        {initialized && !user && (
          <Button size="lg" className="mt-6" onClick={loginDialog.openLogin}>
            {t('hero.login')}
          </Button>
        )}
      </section>

      {user && (
        <section aria-labelledby="next-title" className="mt-10">
          <h2 id="next-title" className="text-sm font-medium text-muted-foreground">
            {t('signedIn.body')}
          </h2>
          <ul className="mt-3 grid max-w-xl gap-3">
            {NEXT.map(({ key, to, icon: Icon }) => (
              <li key={key}>
                <Link
                  to={to}
                  className="group flex items-center gap-4 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon aria-hidden="true" className="size-8 shrink-0 text-primary" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{t(`signedIn.${key}.title`)}</span>
                    <span className="block text-sm text-muted-foreground">
                      {t(`signedIn.${key}.body`)}
                    </span>
                  </span>
                  <ChevronRight
                    aria-hidden="true"
                    className="size-5 text-muted-foreground rtl:rotate-180"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="features-title" className="mt-14">
        <h2 id="features-title" className="text-xl font-semibold">
          {t('features.title')}
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full">
                <Icon aria-hidden="true" className="size-7 text-secondary" />
                <h3 className="mt-3 font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`features.${key}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
