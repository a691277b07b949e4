import { Check, Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardTitle } from '@/components/ui/card.tsx'
import { formatDateTime } from '@/lib/format.ts'
import { useBasics } from '../api/get-basics.ts'

/** `/profile/system/basic`: the signed-in account's id, role, creation and sign-in methods. */
export function BasicsPage() {
  const { t } = useTranslation('account')
  const basics = useBasics()
  const methods = [
    { key: 'password', bound: basics.signInMethods.password },
    { key: 'phone', bound: basics.signInMethods.phone },
    { key: 'wechat', bound: basics.signInMethods.wechat },
  ] as const
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold md:text-3xl">{t('basics.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('basics.description')}</p>
      </header>
      <Card>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{t('basics.id')}</dt>
          <dd className="font-mono break-all">{basics.id}</dd>
          <dt className="text-muted-foreground">{t('basics.username')}</dt>
          <dd>@{basics.username}</dd>
          <dt className="text-muted-foreground">{t('basics.role')}</dt>
          <dd>{t(`basics.roles.${basics.role}`)}</dd>
          <dt className="text-muted-foreground">{t('basics.created')}</dt>
          <dd>
            <time dateTime={basics.createdAt}>{formatDateTime(basics.createdAt)}</time>
          </dd>
        </dl>
      </Card>
      <Card>
        <CardTitle>{t('basics.methods')}</CardTitle>
        <ul className="mt-3 grid gap-2 text-sm">
          {methods.map(({ key, bound }) => (
            <li key={key} className="flex items-center justify-between gap-3">
              <span>{t(`basics.method.${key}`)}</span>
              <span
                className={
                  bound
                    ? 'inline-flex items-center gap-1 font-medium text-success'
                    : 'inline-flex items-center gap-1 text-muted-foreground'
                }
              >
                {bound ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Minus aria-hidden="true" className="size-4" />
                )}
                {bound ? t('basics.bound') : t('basics.notBound')}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}
