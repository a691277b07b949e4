import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `POST /api/groups/{id}/transfer/accept|decline` (the offer's recipient). */
export function useAnswerTransfer(groupId: string) {
  return useGroupChange((answer: 'accept' | 'decline') =>
    api.post<ResponseBody<'/api/groups/{id}/transfer/accept', 'post'>>(
      `${groupPath(groupId)}/transfer/${answer}`,
    ),
  )
}
