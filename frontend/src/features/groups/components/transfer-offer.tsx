import { Crown } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card } from '@/components/ui/card.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { Group } from '@/lib/api/types.ts'
import { useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useAnswerTransfer } from '../api/answer-transfer.ts'
import { offeredToMe } from '../transfer.ts'
import { personName } from '@/lib/person.ts'

/**
 * The owner's offer of the group, as its recipient sees it: accept (they become the owner,
 * the old owner an admin) or decline (nothing changes). Shown on the group's pages and in
 * "my groups"; nobody else sees it. A refusal (the cap of owned groups, say) is a toast in the
 * user's language, and the offer stays.
 */
export function TransferOfferCard({ group, compact = false }: { group: Group; compact?: boolean }) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const toast = useToast()
  const answer = useAnswerTransfer(group.id)
  const titleId = useId()
  const offer = group.transferOffer
  if (!offer || !offeredToMe(group, user?.id)) return null
  const name = personName(offer.from)
  const reply = (choice: 'accept' | 'decline') =>
    answer.mutateAsync(choice).then(
      () =>
        void toast.success(
          choice === 'accept' ? t('offer.accepted', { group: group.name }) : t('offer.declined'),
        ),
      (error: unknown) => void toast.error(errorMessage(error)),
    )
  return (
    <Card aria-labelledby={titleId} className={compact ? 'p-4 md:p-4' : 'mt-4'}>
      <div className="flex items-start gap-3">
        <Crown className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-medium break-words">
            {compact ? t('offer.titleOf', { name, group: group.name }) : t('offer.title', { name })}
          </h2>
          {!compact && (
            <p className="mt-1 text-sm text-muted-foreground">
              {t('offer.body', { name, group: group.name })}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              loading={answer.isPending && answer.variables === 'accept'}
              disabled={answer.isPending}
              onClick={() => void reply('accept')}
            >
              {t('offer.accept')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={answer.isPending && answer.variables === 'decline'}
              disabled={answer.isPending}
              onClick={() => void reply('decline')}
            >
              {t('offer.decline')}
            </Button>
          </div>
        </div>
      </div>
    </Card>
  )
}
