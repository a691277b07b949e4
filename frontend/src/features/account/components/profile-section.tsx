import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input, inputVariants } from '@/components/ui/input.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { useToast } from '@/lib/toast.ts'
import type { User } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'
import { useUpdateProfile } from '../api/update-profile.ts'

/** The bio's limit, as the server counts it (characters, after trimming). */
const BIO_MAX = 280

type FieldName = 'nickname' | 'username' | 'bio'
type Errors = Partial<Record<FieldName | 'form', string>>

const USERNAME_CODES = new Set([
  'username_taken',
  'reserved_username',
  'invalid_username',
  // The rename was not confirmed ("Confirm it's you" dismissed).
  'reauthentication_required',
])

function errorsOf(error: unknown, fallback: string): Errors {
  const message = errorMessage(error, fallback)
  if (error instanceof ApiError) {
    const fields = error.body.fields ?? {}
    const named: Errors = {}
    for (const name of ['nickname', 'username', 'bio'] as const) {
      if (fields[name]) named[name] = fields[name]
    }
    if (Object.keys(named).length > 0) return named
    if (error.code && USERNAME_CODES.has(error.code)) return { username: message }
  }
  return { form: message }
}

/** Nickname, username and bio (spec "Profiles and settings"). */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('account')
  const toast = useToast()
  const update = useUpdateProfile()
  const [nickname, setNickname] = useState(user.nickname)
  const [username, setUsername] = useState(user.username)
  const [bio, setBio] = useState(user.bio ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const bioLength = Array.from(bio.trim()).length

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (update.isPending) return
    const next: Errors = {}
    if (!nickname.trim()) next.nickname = t('profile.nicknameRequired')
    if (bioLength > BIO_MAX) next.bio = t('profile.bioTooLong', { max: BIO_MAX })
    if (Object.keys(next).length > 0) {
      setErrors(next)
      return
    }
    setErrors({})
    update.mutate(
      { nickname, username, bio },
      {
        onSuccess: (response) => {
          setUsername(response.user.username)
          setNickname(response.user.nickname)
          setBio(response.user.bio ?? '')
          toast.success(response.message || t('profile.saved'))
        },
        onError: (error) => setErrors(errorsOf(error, t('profile.failed'))),
      },
    )
  }

  return (
    <Card>
      <CardTitle>{t('profile.title')}</CardTitle>
      <CardDescription>{t('profile.description')}</CardDescription>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <Field label={t('profile.nickname')} error={errors.nickname}>
          {(control) => (
            <Input
              {...control}
              value={nickname}
              maxLength={32}
              autoComplete="nickname"
              onChange={(event) => setNickname(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('profile.username')}
          hint={t('profile.usernameHint')}
          error={errors.username}
        >
          {(control) => (
            <Input
              {...control}
              value={username}
              maxLength={32}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('profile.bio')}
          error={errors.bio}
          aside={
            <span className={bioLength > BIO_MAX ? 'text-error' : 'text-muted-foreground'}>
              {t('profile.bioCount', { count: bioLength, max: BIO_MAX })}
            </span>
          }
        >
          {(control) => (
            <textarea
              {...control}
              value={bio}
              rows={4}
              placeholder={t('profile.bioPlaceholder')}
              onChange={(event) => setBio(event.target.value)}
              className={cn(inputVariants(), 'h-auto min-h-24 resize-y py-2')}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
