import { useAtomValue, useSetAtom } from 'jotai'
import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Menu, MenuLabel, MenuRadioGroup } from '@/components/ui/menu.tsx'
import { languagePreferenceAtom, setLanguagePreferenceAtom } from '@/lib/language-preference.ts'

export function LanguageSwitch() {
  const { t } = useTranslation()
  const preference = useAtomValue(languagePreferenceAtom)
  const setPreference = useSetAtom(setLanguagePreferenceAtom)
  return (
    <Menu
      label={t('language.label')}
      trigger={
        <Button variant="ghost" iconOnly aria-label={t('language.label')}>
          <Languages aria-hidden="true" />
        </Button>
      }
    >
      <MenuLabel>{t('language.label')}</MenuLabel>
      <MenuRadioGroup
        value={preference}
        onValueChange={(value) => void setPreference(value)}
        options={[
          { value: 'zh', label: t('language.zh'), lang: 'zh-CN' },
          { value: 'en', label: t('language.en'), lang: 'en' },
          { value: 'system', label: t('language.system') },
        ]}
      />
    </Menu>
  )
}
