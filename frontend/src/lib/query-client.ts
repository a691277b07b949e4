import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'
import { clearSession } from './session.ts'

/**
 * Query retries are off: the API client already retries safe methods once (spec §7), and a
 * second layer would multiply requests. A 401 from any query means the session is gone.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) clearSession(queryClient)
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
  return queryClient
}
