/** The badge tone of an HTTP status (or a range such as `4XX`): 2xx green … 5xx red. */
export function statusTone(
  status: number | string,
): 'success' | 'info' | 'warning' | 'error' | 'neutral' {
  const code = Number(String(status).replace(/X/gi, '0'))
  if (code >= 200 && code < 300) return 'success'
  if (code >= 300 && code < 400) return 'info'
  if (code >= 400 && code < 500) return 'warning'
  if (code >= 500 && code < 600) return 'error'
  return 'neutral'
}
