import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import {
  usePreferences,
  type NotificationKind,
  type Preferences as PreferencesBody,
} from '../api/get-preferences.ts'
import { notificationKeys } from '../api/keys.ts'
import { setPreferences } from '../api/set-preferences.ts'

/**
 * `/settings/notifications`: a switch per kind. A change shows at once and is saved with the
 * whole list of kinds turned off; a refusal puts the switch back and says why.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation('notifications')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  if (!initialized) return <Spinner />
  if (!user) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t('settings.title')} />
        <Card className="flex flex-col items-start gap-4">
          <CardDescription>{t('inbox.signedOut')}</CardDescription>
          <Button onClick={loginDialog.openLogin}>{t('inbox.logIn')}</Button>
        </Card>
      </div>
    )
  }
  return <Preferences />
}

function Preferences() {
  const { t } = useTranslation('notifications')
  const queryClient = useQueryClient()
  const toast = useToast()
  const preferences = usePreferences()

  const save = useMutation({
    mutationFn: (kinds: PreferencesBody['kinds']) =>
      setPreferences({ muted: kinds.filter((k) => !k.enabled).map((k) => k.kind) }),
    onMutate: async (kinds) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences })
      const previous = queryClient.getQueryData<PreferencesBody>(notificationKeys.preferences)
      queryClient.setQueryData<PreferencesBody>(notificationKeys.preferences, (data) =>
        data ? { ...data, kinds } : data,
      )
      return { previous }
    },
    onError: (error, _kinds, context) => {
      queryClient.setQueryData(notificationKeys.preferences, context?.previous)
      toast.error(t('settings.saveFailed', { message: errorMessage(error) }))
    },
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  })

  const toggle = (kind: NotificationKind, enabled: boolean) => {
    const kinds = preferences.data?.kinds
    if (!kinds) return
    save.mutate(kinds.map((k) => (k.kind === kind ? { ...k, enabled } : k)))
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {preferences.isPending ? (
        <Spinner />
      ) : preferences.isError ? (
        <Card className="flex flex-col items-start gap-4">
          <CardDescription>{t('settings.loadFailed')}</CardDescription>
          <Button variant="outline" onClick={() => void preferences.refetch()}>
            {t('settings.retry')}
          </Button>
        </Card>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {preferences.data.kinds.map(({ kind, enabled }) => (
            <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
              <span className="flex min-w-0 flex-col">
                <label htmlFor={`notify-${kind}`} className="font-medium">
                  {t(`kinds.${kind}`)}
                </label>
                <span id={`notify-${kind}-hint`} className="text-sm text-muted-foreground">
                  {t(`kindHints.${kind}`)}
                </span>
              </span>
              <Switch
                id={`notify-${kind}`}
                aria-describedby={`notify-${kind}-hint`}
                checked={enabled}
                onCheckedChange={(next) => toggle(kind, next)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
