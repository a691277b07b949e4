import { RotateCw } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Select } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { formatDate } from '@/lib/format.ts'
import { displayLanguage } from '@/lib/i18n.ts'
import { cn } from '@/lib/utils.ts'
import { useCreateToken } from '../../api/create-token.ts'
import { useScopes } from '../../api/list-scopes.ts'
import type { CreateTokenResponse, ExpiryDays, ScopeInfo, ScopeName } from '@/lib/api/types.ts'
import { EXPIRY_DAYS, TOKEN_NAME_MAX } from './token-rules.ts'

const DEFAULT_EXPIRY: ExpiryDays = 30

type FieldName = 'name' | 'scopes' | 'expiresInDays'
type FieldErrors = Partial<Record<FieldName, string>>

/** Scopes grouped by area, in the server's order of areas, read before write. */
function groupScopes(scopes: ScopeInfo[]): Array<{ area: string; scopes: ScopeInfo[] }> {
  const groups = new Map<string, ScopeInfo[]>()
  for (const scope of scopes) groups.set(scope.area, [...(groups.get(scope.area) ?? []), scope])
  return [...groups].map(([area, list]) => ({
    area,
    scopes: list.toSorted((a, b) => (a.access === b.access ? 0 : a.access === 'read' ? -1 : 1)),
  }))
}

const KNOWN_AREAS = ['account', 'ai', 'admin'] as const
type KnownArea = (typeof KNOWN_AREAS)[number]
const isKnownArea = (area: string): area is KnownArea =>
  (KNOWN_AREAS as readonly string[]).includes(area)

interface CreateTokenDialogProps {
  open: boolean
  isAdmin: boolean
  onClose: () => void
  onCreated: (response: CreateTokenResponse) => void
}

/** The "new token" dialog: name, scopes by area (read / write), lifetime. */
export function CreateTokenDialog({ open, isAdmin, onClose, onCreated }: CreateTokenDialogProps) {
  const { t } = useTranslation('developers')
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('tokens.form.title')}
      description={t('tokens.form.description')}
      size="lg"
    >
      <CreateTokenForm isAdmin={isAdmin} onCancel={onClose} onCreated={onCreated} />
    </Modal>
  )
}

function CreateTokenForm({
  isAdmin,
  onCancel,
  onCreated,
}: {
  isAdmin: boolean
  onCancel: () => void
  onCreated: (response: CreateTokenResponse) => void
}) {
  const { t } = useTranslation('developers')
  const scopes = useScopes(displayLanguage())
  const create = useCreateToken()
  const [name, setName] = useState('')
  const [selected, setSelected] = useState<ReadonlySet<ScopeName>>(new Set())
  const [expiry, setExpiry] = useState<ExpiryDays>(DEFAULT_EXPIRY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const scopesLegendId = useId()
  const scopesErrorId = useId()

  const toggle = (scope: ScopeName, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(scope)
      else next.delete(scope)
      return next
    })
    setErrors(({ scopes: _gone, ...rest }) => rest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    const trimmed = name.trim()
    const found: FieldErrors = {}
    if (!trimmed) found.name = t('tokens.form.errors.nameRequired')
    else if ([...trimmed].length > TOKEN_NAME_MAX)
      found.name = t('tokens.form.errors.nameTooLong', { max: TOKEN_NAME_MAX })
    if (selected.size === 0) found.scopes = t('tokens.form.errors.scopesRequired')
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    create.mutate(
      { name: trimmed, scopes: [...selected], expiresInDays: effectiveExpiry },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (error instanceof ApiError && error.body.fields) {
            const fields = error.body.fields
            setErrors({
              name: fields.name,
              scopes: fields.scopes,
              expiresInDays: fields.expiresInDays,
            })
            const known = ['name', 'scopes', 'expiresInDays']
            if (!Object.keys(fields).some((field) => known.includes(field)))
              setFormError(errorMessage(error))
          } else if (error instanceof ApiError && error.code === 'scope_not_allowed') {
            setErrors({ scopes: error.message })
          } else {
            setFormError(errorMessage(error, t('tokens.form.failed')))
          }
        },
      },
    )
  }

  const nameLength = [...name.trim()].length
  // The server refuses a token with an admin scope that never expires (admin_token_needs_expiry).
  const adminScopeChosen =
    scopes.data?.some((scope) => scope.adminOnly && selected.has(scope.scope)) ?? false
  const effectiveExpiry = adminScopeChosen && expiry === null ? DEFAULT_EXPIRY : expiry

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      {formError && <Alert>{formError}</Alert>}
      <Field
        label={t('tokens.form.name')}
        hint={t('tokens.form.nameHint')}
        error={errors.name}
        aside={
          <span
            className={cn(nameLength > TOKEN_NAME_MAX ? 'text-error' : 'text-muted-foreground')}
          >
            {nameLength}/{TOKEN_NAME_MAX}
          </span>
        }
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            autoComplete="off"
            placeholder={t('tokens.form.namePlaceholder')}
            onChange={(event) => {
              setName(event.target.value)
              setErrors(({ name: _gone, ...rest }) => rest)
            }}
          />
        )}
      </Field>

      <fieldset
        aria-labelledby={scopesLegendId}
        aria-describedby={errors.scopes ? scopesErrorId : undefined}
        aria-invalid={errors.scopes ? true : undefined}
        className="grid gap-2"
      >
        <legend id={scopesLegendId} className="text-sm font-medium">
          {t('tokens.form.scopes')}
        </legend>
        <p className="text-xs text-muted-foreground">{t('tokens.form.scopesHint')}</p>
        {scopes.isPending ? (
          <Spinner className="size-5 text-muted-foreground" />
        ) : scopes.isError ? (
          <Alert className="grid gap-2">
            <p>{t('tokens.form.scopesFailed', { message: errorMessage(scopes.error) })}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void scopes.refetch()}>
                <RotateCw aria-hidden="true" />
                {t('common.retry')}
              </Button>
            </div>
          </Alert>
        ) : (
          <div className="grid gap-3">
            {groupScopes(scopes.data.filter((scope) => isAdmin || !scope.adminOnly)).map(
              (group) => (
                <fieldset key={group.area} className="rounded-lg border p-3">
                  <legend className="px-1 text-sm font-semibold">
                    {isKnownArea(group.area) ? t(`tokens.areas.${group.area}`) : group.area}
                  </legend>
                  <div className="grid gap-2">
                    {group.scopes.map((scope) => (
                      <label
                        key={scope.scope}
                        className="flex cursor-pointer items-start gap-3 rounded-md p-1.5 hover:bg-accent"
                      >
                        <input
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
                          checked={selected.has(scope.scope)}
                          onChange={(event) => toggle(scope.scope, event.target.checked)}
                        />
                        <span className="grid min-w-0 gap-0.5 text-sm">
                          <span className="flex flex-wrap items-center gap-2">
                            <span className="font-medium">
                              {t(`tokens.access.${scope.access}`)}
                            </span>
                            <code className="font-mono text-xs text-muted-foreground">
                              {scope.scope}
                            </code>
                            {scope.adminOnly && (
                              <Badge tone="warning">{t('tokens.form.adminOnly')}</Badge>
                            )}
                          </span>
                          <span className="text-muted-foreground">{scope.description}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ),
            )}
          </div>
        )}
        {errors.scopes && (
          <p id={scopesErrorId} className="text-xs text-error">
            {errors.scopes}
          </p>
        )}
      </fieldset>

      <Field
        label={t('tokens.form.expiry')}
        hint={
          effectiveExpiry === null
            ? undefined
            : adminScopeChosen && expiry === null
              ? t('tokens.form.adminNeedsExpiry')
              : t('tokens.form.expiresOn', { date: expiryDate(effectiveExpiry) })
        }
        error={errors.expiresInDays}
      >
        {(control) => (
          <Select
            {...control}
            value={effectiveExpiry === null ? 'never' : String(effectiveExpiry)}
            onChange={(event) => {
              const value = event.target.value
              setExpiry(value === 'never' ? null : (Number(value) as ExpiryDays))
              setErrors(({ expiresInDays: _gone, ...rest }) => rest)
            }}
          >
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {t(`tokens.form.expiryOptions.${days}`)}
              </option>
            ))}
            <option value="never" disabled={adminScopeChosen}>
              {t('tokens.form.noExpiry')}
            </option>
          </Select>
        )}
      </Field>
      {effectiveExpiry === null && <Alert tone="warning">{t('tokens.form.noExpiryWarning')}</Alert>}

      <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('tokens.form.submit')}
        </Button>
      </div>
    </form>
  )
}

/** The day a token made now with this lifetime expires, in the interface language. */
function expiryDate(days: number): string {
  return formatDate(Date.now() + days * 86_400_000)
}
