import { UserRoundCog } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { AvatarSection } from './avatar-section.tsx'
import { PhoneSection } from './phone-section.tsx'
import { ProfileSection } from './profile-section.tsx'
import { WechatSection } from './wechat-section.tsx'

/** `/settings/account`: avatar, nickname, username and bio; the bound phone number and WeChat. */
export function AccountSettingsPage() {
  const { t } = useTranslation('account')
  const { user, initialized, wechatOpenId, hasUser } = useSession()
  const loginDialog = useLoginDialog()

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold md:text-3xl">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('description')}</p>
      </header>
      {!initialized ? (
        <Spinner className="size-6 text-muted-foreground" />
      ) : user ? (
        <>
          <AvatarSection user={user} />
          <ProfileSection key={user.id} user={user} />
          <PhoneSection user={user} />
          <WechatSection
            user={user}
            // This browser's WeChat, when it is not linked to any account yet.
            bindableOpenId={wechatOpenId !== null && !hasUser}
            linkedToOther={wechatOpenId !== null && hasUser && !user.wechatLinked}
          />
        </>
      ) : (
        <Card className="flex flex-col items-start gap-4">
          <UserRoundCog aria-hidden="true" className="size-8 text-primary" />
          <div>
            <CardTitle>{t('signedOut.title')}</CardTitle>
            <CardDescription>{t('signedOut.body')}</CardDescription>
          </div>
          <Button onClick={loginDialog.openLogin}>{t('signedOut.action')}</Button>
        </Card>
      )}
    </div>
  )
}
