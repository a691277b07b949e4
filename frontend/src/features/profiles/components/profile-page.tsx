import { Link } from '@tanstack/react-router'
import { Ban, CalendarDays, CircleCheck, Pencil } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SignedOutNotice } from '@/components/signed-out-notice.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatDate, parseTime } from '@/lib/format.ts'
import { useSession } from '@/lib/session.ts'
import { ReportButton } from '@/components/report-action.tsx'
import { useToast } from '@/lib/toast.ts'
import { personName } from '@/lib/person.ts'
import { userInitials } from '@/lib/user.ts'
import type { Profile } from '@/lib/api/types.ts'
import { useProfile } from '../api/get-profile.ts'
import { useSetUserDisabled } from '../api/set-user-disabled.ts'
import { ProfileBlockActions } from './profile-block-actions.tsx'
import { ProfileArticles, ProfileGroups, ProfilePosts } from './profile-lists.tsx'

/**
 * The avatar when it is one of ours (the CSP allows this site's images only), else — or when it
 * fails to load (an admin hid it, say) — initials.
 */
function ProfileAvatar({ profile }: { profile: Profile }) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = profile.avatarUrl
  if (src?.startsWith('/') && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={96}
        height={96}
        onError={() => setFailed(src)}
        className="size-20 shrink-0 rounded-full object-cover md:size-24"
      />
    )
  }
  // Not the kit's InitialsAvatar: its size and text classes would fight these (there is no
  // tailwind-merge), and a profile's avatar is the large one.
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground md:size-24 md:text-3xl"
    >
      {userInitials(profile)}
    </span>
  )
}

/** An administrator's Disable / Enable button, behind the app's confirm dialog. */
function DisableControl({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles')
  const confirm = useConfirm()
  const toast = useToast()
  const mutation = useSetUserDisabled(profile.id)
  const name = personName(profile)
  const disabled = profile.disabled === true
  const act = () =>
    confirm({
      title: t(disabled ? 'admin.enableTitle' : 'admin.disableTitle', { name }),
      description: t(disabled ? 'admin.enableBody' : 'admin.disableBody'),
      confirmLabel: t(disabled ? 'admin.enable' : 'admin.disable'),
      destructive: !disabled,
      onConfirm: async () => {
        try {
          await mutation.mutateAsync(!disabled)
          toast.success(t(disabled ? 'admin.enabled' : 'admin.disabled', { name }))
        } catch (error) {
          toast.error(errorMessage(error))
        }
      },
    })
  return (
    <Button
      variant={disabled ? 'outline' : 'destructive-outline'}
      size="sm"
      loading={mutation.isPending}
      onClick={act}
    >
      {disabled ? <CircleCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
      {t(disabled ? 'admin.enable' : 'admin.disable')}
    </Button>
  )
}

function ProfileHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles')
  const { user } = useSession()
  const joined = parseTime(profile.createdAt)
  const viewerIsAdmin = user?.role === 'admin'
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <ProfileAvatar profile={profile} />
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold wrap-anywhere md:text-3xl">
            {personName(profile)}
          </h1>
          {profile.role === 'admin' && <Badge tone="info">{t('role.admin')}</Badge>}
          {profile.disabled === true && <Badge tone="error">{t('disabledBadge')}</Badge>}
        </div>
        <p className="text-muted-foreground">@{profile.username}</p>
        {!profile.blocked && (
          <p className="wrap-anywhere whitespace-pre-wrap">
            {profile.bio?.trim() ? (
              profile.bio
            ) : (
              <span className="text-muted-foreground">{t('noBio')}</span>
            )}
          </p>
        )}
        {joined !== null && (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={profile.createdAt}>{t('joined', { date: formatDate(joined) })}</time>
          </p>
        )}
        {profile.disabled === true && <Alert>{t('admin.disabledNotice')}</Alert>}
        <div className="flex flex-wrap gap-2">
          {profile.isSelf && (
            <>
              <Button asChild variant="outline" size="sm">
                <Link to="/settings/account">
                  <Pencil aria-hidden="true" />
                  {t('editProfile')}
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link to="/profile/system/basic">{t('accountBasics')}</Link>
              </Button>
            </>
          )}
          {user && !profile.isSelf && <ProfileBlockActions profile={profile} />}
          {viewerIsAdmin && !profile.isSelf && <DisableControl profile={profile} />}
          {user && !profile.isSelf && (
            <ReportButton subject={{ kind: 'person', id: profile.id }} withLabel />
          )}
        </div>
      </div>
    </header>
  )
}

/** `/profile/{userId}`: who they are, and their groups, plaza posts and articles in tabs. */
export function ProfilePage({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles')
  const query = useProfile(userId)
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16" role="status">
        <Spinner className="size-6 text-muted-foreground" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <Alert>{t('loadFailed', { message: errorMessage(query.error) })}</Alert>
      </div>
    )
  }
  const profile = query.data.profile
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 md:py-10">
      <ProfileHeader profile={profile} />
      {profile.blocked ? (
        <Alert>{t('block.hidden', { name: personName(profile) })}</Alert>
      ) : (
        <ProfileTabs userId={userId} />
      )}
    </div>
  )
}

/** Their posts, articles and groups, a tab each (each list loads when its tab opens). */
function ProfileTabs({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles')
  return (
    <Tabs defaultValue="posts">
      <TabsList aria-label={t('tabs.label')} className="max-w-full overflow-x-auto">
        <TabsTrigger value="posts">{t('tabs.posts')}</TabsTrigger>
        <TabsTrigger value="articles">{t('tabs.articles')}</TabsTrigger>
        <TabsTrigger value="groups">{t('tabs.groups')}</TabsTrigger>
      </TabsList>
      <TabsContent value="posts">
        <ProfilePosts userId={userId} />
      </TabsContent>
      <TabsContent value="articles">
        <ProfileArticles userId={userId} />
      </TabsContent>
      <TabsContent value="groups">
        <ProfileGroups userId={userId} />
      </TabsContent>
    </Tabs>
  )
}

/** `/profile`: one's own profile; signed out, why and the way to log in. */
export function OwnProfilePage() {
  const { t } = useTranslation('profiles')
  const { user, initialized } = useSession()
  if (!initialized) {
    return (
      <div className="flex justify-center py-16" role="status">
        <Spinner className="size-6 text-muted-foreground" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    )
  }
  if (!user) {
    return (
      <SignedOutNotice
        title={t('signedOut.title')}
        body={t('signedOut.body')}
        action={t('signedOut.action')}
      />
    )
  }
  return <ProfilePage userId={user.id} />
}
