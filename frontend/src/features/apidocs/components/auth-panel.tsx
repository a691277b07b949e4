import { Link } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Field } from '@/components/ui/field.tsx'
import { PasswordInput } from '@/components/ui/password-input.tsx'
import { Select } from '@/components/ui/select.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { patSecrets } from '@/lib/pat-secrets.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { cn } from '@/lib/utils.ts'
import { useTokens } from '@/lib/api/list-tokens.ts'
import type { PatInfo } from '@/lib/api/types.ts'
import type { AuthRequirement } from '../openapi.ts'
import { looksLikeToken, tokenWarning, type AuthType } from '../request.ts'
import { authTypeAtom, patTokenAtom, patTokenIdAtom } from '../state.ts'

const PASTE = '__paste__'

/** The token in use: picked from the list, or the remembered token whose secret was pasted. */
function currentToken(
  tokens: readonly PatInfo[] | undefined,
  tokenId: string | null,
  secret: string,
  remembered: Record<string, string>,
): PatInfo | null {
  if (!tokens) return null
  if (tokenId !== null) return tokens.find((token) => token.id === tokenId) ?? null
  const match = Object.entries(remembered).find(([, value]) => value === secret.trim())
  return match ? (tokens.find((token) => token.id === match[0]) ?? null) : null
}

interface AuthPanelProps {
  auth: AuthRequirement
  /** Shown under the secret field when a send was refused for want of a token. */
  tokenError?: string
}

/**
 * How the try-it-out authenticates (spec §6): 'sta' sends the session cookie, 'pat' a
 * personal access token, picked by name from `GET /api/tokens` (a token created in this tab is
 * ready to use; any other needs its secret pasted) — with a warning when the endpoint takes no
 * token or needs a scope the token lacks.
 */
export function AuthPanel({ auth, tokenError }: AuthPanelProps) {
  const { t } = useTranslation('apidocs')
  const [authType, setAuthType] = useAtom(authTypeAtom)
  const [tokenId, setTokenId] = useAtom(patTokenIdAtom)
  const [secret, setSecret] = useAtom(patTokenAtom)
  const { user } = useSession()
  const { openLogin } = useLoginDialog()
  const tokensQuery = useTokens(authType === 'pat' && user !== null)
  const remembered = useMemo(() => (authType === 'pat' ? patSecrets() : {}), [authType])
  const active = tokensQuery.data?.filter((token) => token.state === 'active') ?? []
  const picked = tokenId !== null ? active.find((token) => token.id === tokenId) : undefined
  const needsSecret = authType === 'pat' && !(picked && remembered[picked.id])
  const token = currentToken(tokensQuery.data, picked ? picked.id : null, secret, remembered)
  const warning = authType === 'pat' ? tokenWarning(auth, token ? token.scopes : null) : null
  const groupName = useId()

  const choose = (value: string) => {
    if (value === PASTE || value === '') {
      setTokenId(null)
      setSecret('')
      return
    }
    setTokenId(value)
    setSecret(remembered[value] ?? '')
  }

  const modes: { value: AuthType; label: string }[] = [
    { value: 'sta', label: t('auth.modeSession') },
    { value: 'pat', label: t('auth.modeToken') },
  ]

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('auth.legend')}</legend>
      <div className="inline-flex w-fit rounded-lg bg-muted p-1">
        {modes.map((mode) => (
          <label
            key={mode.value}
            className={cn(
              'relative cursor-pointer rounded-md px-3 py-1 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              authType === mode.value
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={groupName}
              value={mode.value}
              checked={authType === mode.value}
              onChange={() => setAuthType(mode.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            {mode.label}
          </label>
        ))}
      </div>

      {authType === 'sta' ? (
        <p className="text-xs text-muted-foreground">
          {user
            ? t('auth.sessionAs', { name: user.nickname || user.username })
            : t('auth.sessionNone')}
        </p>
      ) : (
        <div className="grid gap-3">
          {user ? (
            tokensQuery.isError ? (
              <Alert>{t('auth.tokensFailed', { reason: errorMessage(tokensQuery.error) })}</Alert>
            ) : (
              <Field
                label={t('auth.tokenLabel')}
                hint={
                  <>
                    {t('auth.tokenHint')}{' '}
                    <Link
                      to="/developers/pat"
                      className="text-primary underline underline-offset-4 hover:decoration-2"
                    >
                      {t('auth.manageTokens')}
                    </Link>
                  </>
                }
              >
                {(control) => (
                  <Select
                    {...control}
                    value={picked ? picked.id : PASTE}
                    onChange={(event) => choose(event.target.value)}
                    disabled={tokensQuery.isPending}
                  >
                    {active.map((item) => (
                      <option key={item.id} value={item.id}>
                        {remembered[item.id]
                          ? t('auth.tokenOptionReady', { name: item.name, hint: item.hint })
                          : t('auth.tokenOption', { name: item.name, hint: item.hint })}
                      </option>
                    ))}
                    <option value={PASTE}>{t('auth.pasteOption')}</option>
                  </Select>
                )}
              </Field>
            )
          ) : (
            <p className="text-xs text-muted-foreground">
              {t('auth.signInForTokens')}{' '}
              <button
                type="button"
                onClick={openLogin}
                className="cursor-pointer font-medium text-primary underline underline-offset-4 hover:decoration-2"
              >
                {t('auth.signIn')}
              </button>
            </p>
          )}

          {needsSecret && (
            <Field
              label={picked ? t('auth.secretFor', { name: picked.name }) : t('auth.secretLabel')}
              error={
                tokenError ??
                (secret.trim() && !looksLikeToken(secret) ? t('auth.secretShape') : undefined)
              }
              hint={t('auth.secretHint')}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  value={secret}
                  onChange={(event) => setSecret(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="cyp_…"
                  className="font-mono"
                />
              )}
            </Field>
          )}
          {!needsSecret && tokenError && <p className="text-xs text-error">{tokenError}</p>}

          {warning?.kind === 'session-only' && (
            <Alert tone="warning">{t('auth.warnSessionOnly')}</Alert>
          )}
          {warning?.kind === 'missing-scopes' && (
            <Alert tone="warning">
              {t('auth.warnMissingScopes', {
                name: token?.name ?? '',
                scopes: warning.scopes.join(', '),
              })}
            </Alert>
          )}
          {!warning && !token && auth.bearerScopes?.length ? (
            <p className="text-xs text-muted-foreground">
              {t('auth.needsScopes', { scopes: auth.bearerScopes.join(', ') })}
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  )
}
