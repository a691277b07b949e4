import { Link } from '@tanstack/react-router'
import { Code, CloudSun, MessagesSquare, Users, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { LatestPosts } from './latest-posts.tsx'
import { PublicGroups } from './public-groups.tsx'
import { WeatherCard } from './weather-card.tsx'

/** The places the introduction names, each a link (the assistant opens from the header). */
const PLACES: ReadonlyArray<{
  key: 'plaza' | 'groups' | 'weather' | 'developers'
  to: '/plaza' | '/group' | '/plaza/weather/map' | '/developers/api'
  icon: LucideIcon
}> = [
  { key: 'plaza', to: '/plaza', icon: MessagesSquare },
  { key: 'groups', to: '/group', icon: Users },
  { key: 'weather', to: '/plaza/weather/map', icon: CloudSun },
  { key: 'developers', to: '/developers/api', icon: Code },
]

/**
 * `/`: what Courtyard is and what is happening in it, signed in or not — an introduction with
 * the sign-in call (or a greeting), the plaza's latest posts, a few public groups and one
 * province's weather. Each part loads and fails on its own.
 */
export function HomePage() {
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-x-8 gap-y-10 px-4 py-8 md:py-12 lg:grid-cols-3">
      {/* Phones read top to bottom; desktops put the weather beside the introduction. */}
      <Introduction />
      <LatestPosts className="lg:col-span-2" />
      <WeatherCard className="lg:col-start-3 lg:row-start-1" />
      <PublicGroups />
    </div>
  )
}

function Introduction() {
  const { t } = useTranslation('home')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  return (
    <section aria-labelledby="home-title" className="min-w-0 lg:col-span-2">
      <p className="text-sm font-medium text-primary">{t('hero.eyebrow')}</p>
      <h1
        id="home-title"
        className="mt-2 text-3xl font-bold tracking-tight text-balance break-words md:text-4xl"
      >
        {t('hero.title')}
      </h1>
      <p className="mt-3 text-base text-muted-foreground md:text-lg">{t('hero.body')}</p>
      {/* One height signed in, signed out and while the session loads: nothing below moves. */}
      <div className="mt-5 flex min-h-11 items-center">
        {user ? (
          <p className="min-w-0 truncate text-lg font-medium">
            {t('signedIn.greeting', { name: user.nickname || user.username })}
          </p>
        ) : (
          initialized && (
            <Button size="lg" onClick={loginDialog.openLogin}>
              {t('hero.login')}
            </Button>
          )
        )}
      </div>
      <nav aria-label={t('places.label')} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {PLACES.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border bg-card px-4 text-sm font-medium transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              >
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {t(`places.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}
