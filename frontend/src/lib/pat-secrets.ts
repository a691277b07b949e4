/**
 * Secrets of personal access tokens created in this tab, so the API docs browser can offer
 * them by name (docs/frontend.md, "Developer portal"). The server never shows a secret twice;
 * this copy lives in `sessionStorage` only: it is gone when the tab closes, and on sign-out.
 */
const KEY = 'courtyard:pat-secrets'

type Secrets = Record<string, string>

function read(): Secrets {
  try {
    const raw = sessionStorage.getItem(KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return parsed && typeof parsed === 'object' ? (parsed as Secrets) : {}
  } catch {
    return {}
  }
}

function write(secrets: Secrets) {
  try {
    if (Object.keys(secrets).length === 0) sessionStorage.removeItem(KEY)
    else sessionStorage.setItem(KEY, JSON.stringify(secrets))
  } catch {
    // Storage refused (private mode, quota): the secret simply is not remembered.
  }
}

/** Remembers the secret of the token `id` for this tab. */
export function rememberPatSecret(id: string, secret: string) {
  write({ ...read(), [id]: secret })
}

/** The remembered secrets, by token id. */
export function patSecrets(): Secrets {
  return read()
}

/** Forgets one token's secret (after revoking it), or all of them (on sign-out). */
export function forgetPatSecret(id?: string) {
  if (id === undefined) write({})
  else {
    const { [id]: _gone, ...rest } = read()
    write(rest)
  }
}
