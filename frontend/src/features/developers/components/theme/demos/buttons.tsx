import { Plus, Save, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonProps } from '@/components/ui/button.tsx'

const BUTTON_VARIANTS = [
  'primary',
  'secondary',
  'outline',
  'ghost',
  'destructive',
  'destructive-outline',
  'destructive-ghost',
  'link',
] as const satisfies ReadonlyArray<NonNullable<ButtonProps['variant']>>

const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const satisfies ReadonlyArray<
  NonNullable<ButtonProps['size']>
>

export function ButtonVariantsDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="flex flex-wrap items-center gap-3">
      {BUTTON_VARIANTS.map((variant) => (
        <Button key={variant} variant={variant}>
          {t(`theme.sample.variants.${variant}`)}
        </Button>
      ))}
    </div>
  )
}

/** Every variant in every size (the link variant is sizeless: it sits in running text). */
export function ButtonSizesDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-x-3 border-spacing-y-2">
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              {t('theme.sample.variant')}
            </th>
            {BUTTON_SIZES.map((size) => (
              <th
                key={size}
                scope="col"
                className="text-start font-mono text-xs font-normal text-muted-foreground"
              >
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {BUTTON_VARIANTS.filter((variant) => variant !== 'link').map((variant) => (
            <tr key={variant}>
              <th
                scope="row"
                className="pe-2 text-start font-mono text-xs font-normal text-muted-foreground"
              >
                {variant}
              </th>
              {BUTTON_SIZES.map((size) => (
                <td key={size}>
                  <Button variant={variant} size={size}>
                    {t('theme.sample.button')}
                  </Button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function ButtonStatesDemo() {
  const { t } = useTranslation('developers')
  const [saving, setSaving] = useState(false)
  const save = () => {
    setSaving(true)
    setTimeout(() => setSaving(false), 1500)
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button loading={saving} onClick={save}>
        <Save aria-hidden="true" />
        {saving ? t('theme.sample.saving') : t('theme.sample.save')}
      </Button>
      <Button loading variant="secondary">
        {t('theme.sample.loading')}
      </Button>
      <Button disabled>{t('theme.sample.disabled')}</Button>
      <Button disabled variant="outline">
        {t('theme.sample.disabled')}
      </Button>
      <Button variant="outline">
        <Plus aria-hidden="true" />
        {t('theme.sample.withIcon')}
      </Button>
    </div>
  )
}

export function ButtonIconOnlyDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="flex flex-wrap items-center gap-3">
      {BUTTON_SIZES.map((size) => (
        <Button
          key={size}
          size={size}
          iconOnly
          aria-label={t('theme.sample.add')}
          title={t('theme.sample.add')}
        >
          <Plus aria-hidden="true" />
        </Button>
      ))}
      <Button variant="outline" iconOnly aria-label={t('theme.sample.add')}>
        <Plus aria-hidden="true" />
      </Button>
      <Button variant="ghost" iconOnly aria-label={t('theme.sample.add')}>
        <Plus aria-hidden="true" />
      </Button>
      <Button variant="destructive-ghost" iconOnly aria-label={t('theme.sample.delete')}>
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  )
}
