import type { ParseKeys } from 'i18next'
import type { ComponentType } from 'react'
import {
  ButtonIconOnlyDemo,
  ButtonSizesDemo,
  ButtonStatesDemo,
  ButtonVariantsDemo,
} from './demos/buttons.tsx'
import { PaletteDemo, SurfacesDemo } from './demos/colors.tsx'
import { InputFieldDemo, InputSizesDemo, PasswordInputDemo, SelectDemo } from './demos/inputs.tsx'
import {
  ConfirmDestructiveDemo,
  ConfirmTypesDemo,
  ModalDemo,
  ToastDemo,
  ToastDetailsDemo,
} from './demos/overlays.tsx'
import {
  AlertDemo,
  AvatarDemo,
  BadgeDemo,
  CardDemo,
  MenuDemo,
  SpinnerDemo,
  SwitchDemo,
  TabsDemo,
} from './demos/widgets.tsx'

type MessageKey = ParseKeys<'developers'>

/** One example: a component rendering it, its title, and the code a reader copies. */
export interface ThemeDemo {
  /** URL segment: `/developers/theme/examples/{component}/{id}`. */
  id: string
  title: MessageKey
  code: string
  Demo: ComponentType
}

/** One part of the UI kit, with where it lives and its examples. */
export interface ThemeComponent {
  /** URL segment: `/developers/theme/{name}`. */
  name: string
  title: MessageKey
  description: MessageKey
  /** The module to import it from. */
  source: string
  demos: readonly ThemeDemo[]
}

/**
 * The gallery's single source: the index, each component's page and each standalone example URL
 * are all derived from this list.
 */
export const THEME_COMPONENTS: readonly ThemeComponent[] = [
  {
    name: 'colors',
    title: 'theme.components.colors.title',
    description: 'theme.components.colors.description',
    source: 'src/index.css',
    demos: [
      {
        id: 'palette',
        title: 'theme.components.colors.demos.palette',
        Demo: PaletteDemo,
        code: `<div className="bg-primary text-primary-foreground">…</div>
<p className="text-error">…</p>
<div className="border-warning/40 bg-warning-soft text-warning">…</div>
/* or in CSS */
.thing { color: var(--info); background: var(--info-soft); }`,
      },
      {
        id: 'surfaces',
        title: 'theme.components.colors.demos.surfaces',
        Demo: SurfacesDemo,
        code: `<section className="rounded-xl border bg-card text-card-foreground">
  <p className="text-muted-foreground">…</p>
</section>`,
      },
    ],
  },
  {
    name: 'button',
    title: 'theme.components.button.title',
    description: 'theme.components.button.description',
    source: '@/components/ui/button.tsx',
    demos: [
      {
        id: 'variants',
        title: 'theme.components.button.demos.variants',
        Demo: ButtonVariantsDemo,
        code: `<Button>Primary</Button>
<Button variant="secondary">Secondary</Button>
<Button variant="outline">Outline</Button>
<Button variant="ghost">Ghost</Button>
<Button variant="destructive">Delete</Button>
<Button variant="destructive-outline">Delete</Button>
<Button variant="destructive-ghost">Delete</Button>
<Button variant="link">Link</Button>`,
      },
      {
        id: 'sizes',
        title: 'theme.components.button.demos.sizes',
        Demo: ButtonSizesDemo,
        code: `<Button size="xs">Button</Button>
<Button size="sm">Button</Button>
<Button size="md">Button</Button>  {/* default */}
<Button size="lg">Button</Button>
<Button size="xl">Button</Button>`,
      },
      {
        id: 'states',
        title: 'theme.components.button.demos.states',
        Demo: ButtonStatesDemo,
        code: `<Button loading={saving} onClick={save}>
  <Save aria-hidden="true" />
  Save
</Button>
<Button disabled>Disabled</Button>
<Button asChild><Link to="/developers">As a link</Link></Button>`,
      },
      {
        id: 'icon-only',
        title: 'theme.components.button.demos.iconOnly',
        Demo: ButtonIconOnlyDemo,
        code: `<Button iconOnly size="sm" aria-label="Add" title="Add">
  <Plus aria-hidden="true" />
</Button>`,
      },
    ],
  },
  {
    name: 'input',
    title: 'theme.components.input.title',
    description: 'theme.components.input.description',
    source: '@/components/ui/input.tsx',
    demos: [
      {
        id: 'sizes',
        title: 'theme.components.input.demos.sizes',
        Demo: InputSizesDemo,
        code: `<Input size="sm" aria-label="Small" />
<Input aria-label="Medium" />  {/* size="md" */}
<Input size="lg" aria-label="Large" />
<Input disabled aria-label="Disabled" />`,
      },
      {
        id: 'field',
        title: 'theme.components.input.demos.field',
        Demo: InputFieldDemo,
        code: `<Field label="Nickname" hint="Shown to other members">
  {(control) => <Input {...control} value={name} onChange={…} />}
</Field>
<Field label="Email" error="Enter a valid email address">
  {(control) => <Input {...control} type="email" />}
</Field>`,
      },
      {
        id: 'password',
        title: 'theme.components.input.demos.password',
        Demo: PasswordInputDemo,
        code: `import { PasswordInput } from '@/components/ui/password-input.tsx'

<Field label="Password">
  {(control) => <PasswordInput {...control} autoComplete="current-password" />}
</Field>`,
      },
    ],
  },
  {
    name: 'select',
    title: 'theme.components.select.title',
    description: 'theme.components.select.description',
    source: '@/components/ui/select.tsx',
    demos: [
      {
        id: 'sizes',
        title: 'theme.components.select.demos.sizes',
        Demo: SelectDemo,
        code: `<Select size="sm" defaultValue="b" aria-label="Option">
  <option value="a">Option A</option>
  <option value="b">Option B</option>
</Select>`,
      },
    ],
  },
  {
    name: 'switch',
    title: 'theme.components.switch.title',
    description: 'theme.components.switch.description',
    source: '@/components/ui/switch.tsx',
    demos: [
      {
        id: 'basic',
        title: 'theme.components.switch.demos.basic',
        Demo: SwitchDemo,
        code: `<Switch id="notify" checked={on} onCheckedChange={setOn} />
<label htmlFor="notify">Notifications</label>`,
      },
    ],
  },
  {
    name: 'tabs',
    title: 'theme.components.tabs.title',
    description: 'theme.components.tabs.description',
    source: '@/components/ui/tabs.tsx',
    demos: [
      {
        id: 'basic',
        title: 'theme.components.tabs.demos.basic',
        Demo: TabsDemo,
        code: `<Tabs defaultValue="overview">
  <TabsList>
    <TabsTrigger value="overview">Overview</TabsTrigger>
    <TabsTrigger value="members">Members</TabsTrigger>
  </TabsList>
  <TabsContent value="overview">…</TabsContent>
  <TabsContent value="members">…</TabsContent>
</Tabs>`,
      },
    ],
  },
  {
    name: 'menu',
    title: 'theme.components.menu.title',
    description: 'theme.components.menu.description',
    source: '@/components/ui/menu.tsx',
    demos: [
      {
        id: 'basic',
        title: 'theme.components.menu.demos.basic',
        Demo: MenuDemo,
        code: `<Menu label="Actions" trigger={<Button variant="outline">Actions</Button>}>
  <MenuLabel>Sort by</MenuLabel>
  <MenuRadioGroup value={sort} onValueChange={setSort}
    options={[{ value: 'new', label: 'Newest' }, { value: 'top', label: 'Top' }]} />
  <MenuSeparator />
  <MenuItem onSelect={rename}>Rename</MenuItem>
  <MenuItem asChild><Link to="/settings">Settings</Link></MenuItem>
</Menu>`,
      },
    ],
  },
  {
    name: 'alert',
    title: 'theme.components.alert.title',
    description: 'theme.components.alert.description',
    source: '@/components/ui/alert.tsx',
    demos: [
      {
        id: 'tones',
        title: 'theme.components.alert.demos.tones',
        Demo: AlertDemo,
        code: `<Alert tone="success">Saved.</Alert>
<Alert tone="info">…</Alert>
<Alert tone="warning">…</Alert>
<Alert>Something went wrong.</Alert>  {/* tone="error", role="alert" */}
<Alert shake={failed}>…</Alert>`,
      },
    ],
  },
  {
    name: 'badge',
    title: 'theme.components.badge.title',
    description: 'theme.components.badge.description',
    source: '@/components/ui/badge.tsx',
    demos: [
      {
        id: 'tones',
        title: 'theme.components.badge.demos.tones',
        Demo: BadgeDemo,
        code: `<Badge>Neutral</Badge>
<Badge tone="primary">New</Badge>
<Badge tone="success">Active</Badge>
<Badge tone="warning">Expiring</Badge>
<Badge tone="error">Failed</Badge>`,
      },
    ],
  },
  {
    name: 'card',
    title: 'theme.components.card.title',
    description: 'theme.components.card.description',
    source: '@/components/ui/card.tsx',
    demos: [
      {
        id: 'basic',
        title: 'theme.components.card.demos.basic',
        Demo: CardDemo,
        code: `<Card>
  <CardTitle>Garden club</CardTitle>
  <CardDescription>…</CardDescription>
  <Button size="sm">Join</Button>
</Card>`,
      },
    ],
  },
  {
    name: 'avatar',
    title: 'theme.components.avatar.title',
    description: 'theme.components.avatar.description',
    source: '@/components/ui/avatar.tsx',
    demos: [
      {
        id: 'sizes',
        title: 'theme.components.avatar.demos.sizes',
        Demo: AvatarDemo,
        code: `import { userInitials } from '@/lib/user.ts'

<InitialsAvatar initials={userInitials(user)} />
<InitialsAvatar initials="AD" className="size-14 text-lg" />`,
      },
    ],
  },
  {
    name: 'spinner',
    title: 'theme.components.spinner.title',
    description: 'theme.components.spinner.description',
    source: '@/components/ui/spinner.tsx',
    demos: [
      {
        id: 'sizes',
        title: 'theme.components.spinner.demos.sizes',
        Demo: SpinnerDemo,
        code: `<Spinner className="size-6 text-muted-foreground" />
<span role="status"><Spinner /> Loading…</span>`,
      },
    ],
  },
  {
    name: 'modal',
    title: 'theme.components.modal.title',
    description: 'theme.components.modal.description',
    source: '@/components/ui/modal.tsx',
    demos: [
      {
        id: 'basic',
        title: 'theme.components.modal.demos.basic',
        Demo: ModalDemo,
        code: `const [open, setOpen] = useState(false)

<Button onClick={() => setOpen(true)}>New group</Button>
<Modal open={open} onClose={() => setOpen(false)} title="New group"
  description="…" size="md">
  <form>…</form>
</Modal>`,
      },
    ],
  },
  {
    name: 'toast',
    title: 'theme.components.toast.title',
    description: 'theme.components.toast.description',
    source: '@/lib/toast.ts',
    demos: [
      {
        id: 'types',
        title: 'theme.components.toast.demos.types',
        Demo: ToastDemo,
        code: `const toast = useToast()

toast.success('Saved')
toast.warning('Your session expires soon')
toast.error('Could not save')`,
      },
      {
        id: 'details',
        title: 'theme.components.toast.demos.details',
        Demo: ToastDetailsDemo,
        code: `toast.error('Could not save', {
  details: 'HTTP 503: the server is restarting',
  duration: 10_000, // default 5000 ms
})`,
      },
    ],
  },
  {
    name: 'confirm',
    title: 'theme.components.confirm.title',
    description: 'theme.components.confirm.description',
    source: '@/lib/confirm.ts',
    demos: [
      {
        id: 'types',
        title: 'theme.components.confirm.demos.types',
        Demo: ConfirmTypesDemo,
        code: `const confirm = useConfirm()

confirm({ type: 'confirm', title: 'Leave the group?', description: '…', onConfirm: leave })
confirm({ type: 'info', title: '…' })     // also 'success', 'warning', 'error':
                                          // one OK button, no cancel`,
      },
      {
        id: 'destructive',
        title: 'theme.components.confirm.demos.destructive',
        Demo: ConfirmDestructiveDemo,
        code: `confirm({
  type: 'confirm',
  title: 'Delete this article?',
  confirmLabel: 'Delete',
  destructive: true,
  onConfirm: () => deleteArticle.mutateAsync(id), // spinner until it settles
})`,
      },
    ],
  },
]

export function findComponent(name: string): ThemeComponent | undefined {
  return THEME_COMPONENTS.find((component) => component.name === name)
}

export function findDemo(
  componentName: string,
  demoId: string,
): { component: ThemeComponent; demo: ThemeDemo } | undefined {
  const component = findComponent(componentName)
  const demo = component?.demos.find((candidate) => candidate.id === demoId)
  return component && demo ? { component, demo } : undefined
}
