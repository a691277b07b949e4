import { Ellipsis, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { InitialsAvatar } from '@/components/ui/avatar.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Menu, MenuItem, MenuLabel, MenuRadioGroup, MenuSeparator } from '@/components/ui/menu.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'

export function SwitchDemo() {
  const { t } = useTranslation('developers')
  const [on, setOn] = useState(true)
  return (
    <div className="flex flex-wrap items-center gap-6">
      <div className="flex items-center gap-3">
        <Switch id="demo-switch" checked={on} onCheckedChange={setOn} />
        <label htmlFor="demo-switch" className="text-sm">
          {t('theme.sample.notifications')}
        </label>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="demo-switch-off" checked={false} onCheckedChange={() => undefined} disabled />
        <label htmlFor="demo-switch-off" className="text-sm text-muted-foreground">
          {t('theme.sample.disabled')}
        </label>
      </div>
    </div>
  )
}

export function TabsDemo() {
  const { t } = useTranslation('developers')
  return (
    <Tabs defaultValue="overview" className="max-w-md">
      <TabsList>
        <TabsTrigger value="overview">{t('theme.sample.tabOverview')}</TabsTrigger>
        <TabsTrigger value="members">{t('theme.sample.tabMembers')}</TabsTrigger>
        <TabsTrigger value="settings" disabled>
          {t('theme.sample.tabSettings')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview" className="text-sm text-muted-foreground">
        {t('theme.sample.tabOverviewBody')}
      </TabsContent>
      <TabsContent value="members" className="text-sm text-muted-foreground">
        {t('theme.sample.tabMembersBody')}
      </TabsContent>
    </Tabs>
  )
}

export function MenuDemo() {
  const { t } = useTranslation('developers')
  const [sort, setSort] = useState<'new' | 'top'>('new')
  const [last, setLast] = useState<string | null>(null)
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Menu
        label={t('theme.sample.actions')}
        className="start-0 end-auto"
        trigger={
          <Button variant="outline">
            <Ellipsis aria-hidden="true" />
            {t('theme.sample.actions')}
          </Button>
        }
      >
        <MenuLabel>{t('theme.sample.sortBy')}</MenuLabel>
        <MenuRadioGroup
          value={sort}
          onValueChange={setSort}
          options={[
            { value: 'new', label: t('theme.sample.sortNew') },
            { value: 'top', label: t('theme.sample.sortTop') },
          ]}
        />
        <MenuSeparator />
        <MenuItem onSelect={() => setLast(t('theme.sample.rename'))}>
          <Pencil aria-hidden="true" />
          {t('theme.sample.rename')}
        </MenuItem>
        <MenuItem onSelect={() => setLast(t('theme.sample.delete'))}>
          <Trash2 aria-hidden="true" />
          {t('theme.sample.delete')}
        </MenuItem>
        <MenuItem disabled>{t('theme.sample.disabled')}</MenuItem>
      </Menu>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {last
          ? t('theme.sample.chose', { item: last })
          : t('theme.sample.sortedBy', {
              sort: t(sort === 'new' ? 'theme.sample.sortNew' : 'theme.sample.sortTop'),
            })}
      </p>
    </div>
  )
}

const TONES = ['success', 'info', 'warning', 'error'] as const

export function AlertDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="grid max-w-xl gap-3">
      {TONES.map((tone) => (
        <Alert key={tone} tone={tone}>
          <p className="font-medium">{t(`theme.sample.alert.${tone}.title`)}</p>
          <p>{t(`theme.sample.alert.${tone}.body`)}</p>
        </Alert>
      ))}
    </div>
  )
}

export function BadgeDemo() {
  const { t } = useTranslation('developers')
  const tones = ['neutral', 'primary', ...TONES] as const
  return (
    <div className="flex flex-wrap items-center gap-2">
      {tones.map((tone) => (
        <Badge key={tone} tone={tone}>
          {t(`theme.sample.badge.${tone}`)}
        </Badge>
      ))}
      <Badge tone="success">
        <span className="size-2 rounded-full bg-current" aria-hidden="true" />
        {t('theme.sample.badge.withDot')}
      </Badge>
    </div>
  )
}

export function CardDemo() {
  const { t } = useTranslation('developers')
  return (
    <Card className="max-w-md">
      <CardTitle>{t('theme.sample.cardTitle')}</CardTitle>
      <CardDescription>{t('theme.sample.cardBody')}</CardDescription>
      <div className="mt-4 flex gap-2">
        <Button size="sm">{t('theme.sample.join')}</Button>
        <Button size="sm" variant="outline">
          {t('theme.sample.later')}
        </Button>
      </div>
    </Card>
  )
}

export function AvatarDemo() {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <InitialsAvatar initials="LI" className="size-6 text-[0.625rem]" />
      <InitialsAvatar initials="LI" />
      <InitialsAvatar initials="庭院" className="size-10 text-sm" />
      <InitialsAvatar initials="AD" className="size-14 text-lg" />
    </div>
  )
}

export function SpinnerDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="flex flex-wrap items-center gap-4 text-muted-foreground">
      <Spinner className="size-4" />
      <Spinner className="size-6" />
      <Spinner className="size-8 text-primary" />
      <span role="status" className="flex items-center gap-2 text-sm">
        <Spinner className="size-4" />
        {t('theme.sample.loading')}
      </span>
    </div>
  )
}
