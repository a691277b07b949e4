import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { Languages, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { colorModePreferenceAtom, type ColorModePreference } from '@/lib/color-mode.ts'
import type { LanguagePreference } from '@/lib/i18n.ts'
import { languagePreferenceAtom, setLanguagePreferenceAtom } from '@/lib/language-preference.ts'
import { useSession } from '@/lib/session.ts'
import { cn } from '@/lib/utils.ts'

const MODES: ReadonlyArray<{ value: ColorModePreference; icon: LucideIcon }> = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
]
const LANGUAGES: ReadonlyArray<{ value: LanguagePreference; label: string }> = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
  { value: 'system', label: '' },
]

function Choice<T extends string>({
  name,
  value,
  current,
  onChoose,
  children,
}: {
  name: string
  value: T
  current: T
  onChoose: (value: T) => void
  children: ReactNode
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        current === value && 'border-primary bg-accent',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={current === value}
        onChange={() => onChoose(value)}
        className="accent-primary"
      />
      {children}
    </label>
  )
}

/**
 * `/settings/appearance`: the colour mode and the language, kept on this device (local storage,
 * the language cookie; spec §3/§4.2) and, signed in, saved for the account's other devices too
 * (lib/appearance-sync.ts does that for every change, wherever it is made).
 */
export function AppearanceSettingsPage() {
  const { t } = useTranslation('account')
  const { user } = useSession()
  const [mode, setMode] = useAtom(colorModePreferenceAtom)
  const language = useAtomValue(languagePreferenceAtom)
  const setLanguage = useSetAtom(setLanguagePreferenceAtom)

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold md:text-3xl">{t('appearance.title')}</h1>
        <p className="mt-2 text-muted-foreground">
          {user ? t('appearance.descriptionSignedIn') : t('appearance.descriptionSignedOut')}
        </p>
      </header>
      <Card>
        <fieldset aria-labelledby="appearance-color-mode">
          <CardTitle id="appearance-color-mode">{t('appearance.colorMode')}</CardTitle>
          <CardDescription>{t('appearance.colorModeHint')}</CardDescription>
          <div className="mt-4 grid gap-2 sm:grid-cols-3">
            {MODES.map(({ value, icon: Icon }) => (
              <Choice key={value} name="color-mode" value={value} current={mode} onChoose={setMode}>
                <Icon aria-hidden="true" className="size-4" />
                {t(`appearance.modes.${value}`)}
              </Choice>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card>
        <fieldset aria-labelledby="appearance-language">
          <CardTitle id="appearance-language" className="flex items-center gap-2">
            <Languages aria-hidden="true" className="size-5" />
            {t('appearance.language')}
          </CardTitle>
          <CardDescription>{t('appearance.languageHint')}</CardDescription>
          <div className="mt-4 grid gap-2 sm:grid-cols-3">
            {LANGUAGES.map(({ value, label }) => (
              <Choice
                key={value}
                name="language"
                value={value}
                current={language}
                onChoose={(next) => void setLanguage(next)}
              >
                <span lang={value === 'system' ? undefined : value}>
                  {label || t('appearance.followBrowser')}
                </span>
              </Choice>
            ))}
          </div>
        </fieldset>
      </Card>
    </div>
  )
}
