import { Link } from '@tanstack/react-router'
import { CodeXml, LayoutDashboard, LogOut, Palette, ShieldCheck, UserRoundCog } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import { Menu, MenuItem, MenuSeparator } from '@/components/ui/menu.tsx'
import { useLogout } from '@/features/auth/api/logout.ts'
import { errorMessage } from '@/lib/api-client.ts'
import { useToast } from '@/lib/toast.ts'
import { userInitials, type User } from '@/lib/user.ts'

/**
 * The signed-in user's avatar menu (spec §2.2). A lazy chunk of its own (`account-control.tsx`):
 * a visitor never loads it, and a signed-in page starts loading it as soon as the session says so.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const logout = useLogout()
  const toast = useToast()
  const name = user.nickname || user.username
  const initials = userInitials(user)

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void toast.success(t('account.loggedOut')),
      onError: (error) =>
        void toast.warning(t('account.logoutFailed', { message: errorMessage(error) })),
    })

  return (
    <Menu
      label={t('account.menu', { name })}
      className="w-56"
      trigger={
        <button
          type="button"
          // The initials are visible, so they are part of the name (WCAG 2.5.3, label in name).
          aria-label={t('account.menuButton', { name, initials })}
          className="ms-1 inline-flex size-10 items-center justify-center rounded-full hover:bg-accent max-md:size-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <UserAvatar src={user.avatarThumbnailUrl} initials={initials} />
        </button>
      }
    >
      <div className="grid px-2 py-1.5 text-sm">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
      </div>
      <MenuSeparator />
      <MenuItem asChild>
        <Link to="/settings/account">
          <UserRoundCog aria-hidden="true" />
          {t('account.accountSettings')}
        </Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to="/settings/security">
          <ShieldCheck aria-hidden="true" />
          {t('account.securitySettings')}
        </Link>
      </MenuItem>
      {/* With these two every page is a few taps away on a phone, where the header has no links
          and the settings have no sidebar. */}
      <MenuItem asChild>
        <Link to="/settings/appearance">
          <Palette aria-hidden="true" />
          {t('phoneNav.appearance')}
        </Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to="/developers">
          <CodeXml aria-hidden="true" />
          {t('phoneNav.developers')}
        </Link>
      </MenuItem>
      {user.role === 'admin' && (
        <MenuItem asChild>
          <Link to="/admin">
            <LayoutDashboard aria-hidden="true" />
            {t('account.adminConsole')}
          </Link>
        </MenuItem>
      )}
      <MenuItem onSelect={signOut} disabled={logout.isPending}>
        <LogOut aria-hidden="true" />
        {t('account.logout')}
      </MenuItem>
    </Menu>
  )
}
