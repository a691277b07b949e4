import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ModelsResponse } from '@/lib/api/types.ts'
import { DEFAULT_MODELS, INITIAL_MODEL } from '../model.ts'

const MODELS_PATH = '/api/ai/models'

/** GET /api/ai/models without its envelope. */
type AiModelsInfo = Omit<ModelsResponse, 'success'>

/** What the picker offers while the list loads or when it cannot be fetched. */
const FALLBACK_MODELS_INFO: AiModelsInfo = {
  available: true,
  signInRequired: false,
  models: [...DEFAULT_MODELS],
  defaultModel: INITIAL_MODEL,
}

export async function fetchAiModels(signal?: AbortSignal): Promise<AiModelsInfo> {
  const body = await api.get<Partial<ModelsResponse>>(MODELS_PATH, { signal })
  const models = Array.isArray(body.models)
    ? body.models.filter((id): id is string => typeof id === 'string' && id !== '')
    : FALLBACK_MODELS_INFO.models
  return {
    available: body.available !== false,
    signInRequired: body.signInRequired === true,
    models,
    defaultModel:
      typeof body.defaultModel === 'string' && body.defaultModel !== ''
        ? body.defaultModel
        : (models[0] ?? INITIAL_MODEL),
  }
}

/**
 * Under the user-scoped 'auth' prefix: whether chatting needs a sign-in may change with the
 * user, and login and logout drop these queries.
 */
const aiModelsQueryKey = ['auth', 'ai', 'models'] as const

function aiModelsQueryOptions() {
  return queryOptions({
    queryKey: aiModelsQueryKey,
    queryFn: ({ signal }) => fetchAiModels(signal),
    staleTime: 5 * 60_000,
  })
}

/** The models on offer; {@link FALLBACK_MODELS_INFO} while loading and when the call fails. */
export function useAiModels() {
  const query = useQuery(aiModelsQueryOptions())
  return {
    ...(query.data ?? FALLBACK_MODELS_INFO),
    isPending: query.isPending,
    isError: query.isError,
  }
}
