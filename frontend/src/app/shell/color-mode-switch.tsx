import { useAtom } from 'jotai'
import { Monitor, Moon, Sun } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Menu, MenuLabel, MenuRadioGroup } from '@/components/ui/menu.tsx'
import { colorModePreferenceAtom } from '@/lib/color-mode.ts'

const icons = { light: Sun, dark: Moon, system: Monitor }
const MODES = ['light', 'dark', 'system'] as const

export function ColorModeSwitch() {
  const { t } = useTranslation()
  const [preference, setPreference] = useAtom(colorModePreferenceAtom)
  const Icon = icons[preference]
  return (
    <Menu
      label={t('colorMode.label')}
      trigger={
        <Button variant="ghost" iconOnly aria-label={t('colorMode.label')}>
          <Icon aria-hidden="true" />
        </Button>
      }
    >
      <MenuLabel>{t('colorMode.label')}</MenuLabel>
      <MenuRadioGroup
        value={preference}
        onValueChange={setPreference}
        options={MODES.map((mode) => {
          const ItemIcon = icons[mode]
          return {
            value: mode,
            label: t(`colorMode.${mode}`),
            icon: <ItemIcon aria-hidden="true" />,
          }
        })}
      />
    </Menu>
  )
}
