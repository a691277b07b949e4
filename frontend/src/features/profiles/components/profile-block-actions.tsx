import { UserCheck, UserX, Volume2, VolumeX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useSetBlock } from '@/lib/api/set-block.ts'
import type { BlockKind, Profile } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { personName } from '@/lib/person.ts'
import { useToast } from '@/lib/toast.ts'

/**
 * Someone else's profile, signed in: Mute / Unmute and Block / Unblock (docs/moderation.md
 * "Blocking and muting"). Blocking asks first, in the app's confirm dialog; muting and undoing
 * do not. Nobody is told; everything is read again afterwards.
 */
export function ProfileBlockActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles')
  const confirm = useConfirm()
  const toast = useToast()
  const mutation = useSetBlock(profile.id)
  const name = personName(profile)
  const run = async (kind: BlockKind | null, done: string) => {
    try {
      await mutation.mutateAsync(kind)
      toast.success(done)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  const block = () =>
    confirm({
      title: t('block.confirmTitle', { name }),
      description: t('block.confirmBody'),
      confirmLabel: t('block.block'),
      destructive: true,
      onConfirm: () => run('block', t('block.blocked', { name })),
    })
  if (profile.myBlock === 'block') {
    return (
      <>
        <Badge tone="error">{t('block.blockedBadge')}</Badge>
        <Button
          variant="outline"
          size="sm"
          loading={mutation.isPending}
          onClick={() => void run(null, t('block.unblocked', { name }))}
        >
          <UserCheck aria-hidden="true" />
          {t('block.unblock')}
        </Button>
      </>
    )
  }
  const muted = profile.myBlock === 'mute'
  return (
    <>
      {muted && <Badge tone="warning">{t('block.mutedBadge')}</Badge>}
      <Button
        variant="outline"
        size="sm"
        loading={mutation.isPending}
        onClick={() =>
          void (muted
            ? run(null, t('block.unmuted', { name }))
            : run('mute', t('block.muted', { name })))
        }
      >
        {muted ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
        {t(muted ? 'block.unmute' : 'block.mute')}
      </Button>
      <Button variant="destructive-outline" size="sm" onClick={block}>
        <UserX aria-hidden="true" />
        {t('block.block')}
      </Button>
    </>
  )
}
