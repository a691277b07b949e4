import { KeyRound, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import type { CreateTokenResponse } from '@/lib/api/types.ts'
import { PageHeader } from '@/components/page-header.tsx'
import { CreateTokenDialog } from './create-token-dialog.tsx'
import { NewTokenSecret } from './new-token-secret.tsx'
import { TokenList } from './token-list.tsx'

/** `/developers/pat`: the signed-in user's personal access tokens. */
export function TokensPage() {
  const { t } = useTranslation('developers')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  const [creating, setCreating] = useState(false)
  // The secret of the token just created: on this page only until it is dismissed or left.
  const [created, setCreated] = useState<CreateTokenResponse | null>(null)

  const header = (
    <PageHeader
      title={t('tokens.title')}
      description={t('tokens.description')}
      actions={
        user ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('tokens.new')}
          </Button>
        ) : undefined
      }
    />
  )

  if (!initialized) {
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {header}
        <Spinner className="size-6 text-muted-foreground" />
      </div>
    )
  }

  if (!user) {
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {header}
        <Card aria-labelledby="tokens-signed-out" className="flex flex-col items-start gap-4">
          <KeyRound aria-hidden="true" className="size-8 text-primary" />
          <div>
            <CardTitle id="tokens-signed-out">{t('tokens.signedOut.title')}</CardTitle>
            <CardDescription>{t('tokens.signedOut.body')}</CardDescription>
          </div>
          <Button onClick={loginDialog.openLogin}>{t('tokens.signedOut.login')}</Button>
        </Card>
      </div>
    )
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {header}
      {created && (
        <NewTokenSecret
          name={created.token.name}
          secret={created.secret}
          onDismiss={() => setCreated(null)}
        />
      )}
      <TokenList onCreate={() => setCreating(true)} />
      <CreateTokenDialog
        open={creating}
        isAdmin={user.role === 'admin'}
        onClose={() => setCreating(false)}
        onCreated={(response) => {
          setCreating(false)
          setCreated(response)
        }}
      />
    </div>
  )
}
