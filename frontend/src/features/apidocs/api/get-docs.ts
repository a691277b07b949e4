import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api } from '@/lib/api-client.ts'
import type { Language } from '@/lib/i18n.ts'
import type { OpenApiDocument } from '../openapi.ts'

const apiDocsKey = ['apidocs', 'docs'] as const

/** GET /api/docs.json; summaries and descriptions come in the request's Accept-Language. */
function getApiDocs(): Promise<OpenApiDocument> {
  return api.get<OpenApiDocument>('/api/docs.json')
}

/**
 * Loaded once per display language (spec §4.4): the key holds the language, the client sends
 * it as Accept-Language, and nothing refetches it by itself; the refresh button forces it.
 */
export function apiDocsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...apiDocsKey, language],
    queryFn: getApiDocs,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A failure stays until the person refreshes (the error is kept, spec §4.4).
    retryOnMount: false,
  })
}

/**
 * The docs in the display language. Changing the language refetches them (spec §2.4), also
 * when that language's copy is still cached from before.
 */
export function useApiDocs(language: Language) {
  const queryClient = useQueryClient()
  const query = useQuery(apiDocsQueryOptions(language))
  const previous = useRef(language)
  useEffect(() => {
    if (previous.current === language) return
    previous.current = language
    // A first load of this language is already running: do not start a second one.
    void queryClient.invalidateQueries(
      { queryKey: apiDocsQueryOptions(language).queryKey, exact: true },
      { cancelRefetch: false },
    )
  }, [language, queryClient])
  return query
}
