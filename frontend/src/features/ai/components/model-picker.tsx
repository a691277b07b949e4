import { ChevronDown, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Menu, MenuLabel, MenuRadioGroup } from '@/components/ui/menu.tsx'
import { modelLabel } from '../model.ts'

/** One-line descriptions of the models the spec names (§3); others show their label only. */
const DESCRIPTIONS = {
  'deepseek-chat': 'model.descriptions.deepseek-chat',
  'deepseek-reasoner': 'model.descriptions.deepseek-reasoner',
} as const

function hasDescription(id: string): id is keyof typeof DESCRIPTIONS {
  return Object.hasOwn(DESCRIPTIONS, id)
}

interface ModelPickerProps {
  models: readonly string[]
  value: string
  onChange: (model: string) => void
}

/** The header's model dropdown: each model's title-case label and what it is good at. */
export function ModelPicker({ models, value, onChange }: ModelPickerProps) {
  const { t } = useTranslation('ai')
  const label = modelLabel(value)
  // A selected model the server no longer lists still shows as chosen.
  const options = models.includes(value) ? models : [value, ...models]
  return (
    <Menu
      label={t('model.menu')}
      className="w-64"
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="max-w-full min-w-0 gap-1.5 px-2.5 md:max-w-56"
          aria-label={t('model.picker', { model: label })}
        >
          <Sparkles aria-hidden="true" className="hidden text-primary sm:block" />
          <span className="truncate">{label}</span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      }
    >
      <MenuLabel>{t('model.menu')}</MenuLabel>
      <MenuRadioGroup
        value={value}
        onValueChange={onChange}
        options={options.map((id) => ({
          value: id,
          label: (
            <span className="grid min-w-0 gap-0.5">
              <span className="truncate font-medium">{modelLabel(id)}</span>
              {hasDescription(id) && (
                <span className="text-xs whitespace-normal text-muted-foreground">
                  {t(DESCRIPTIONS[id])}
                </span>
              )}
            </span>
          ),
        }))}
      />
    </Menu>
  )
}
