import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { removeBlock } from './remove-block.ts'
import type { BlockKind, BlockResponse } from './types.ts'

// Blocking and muting (docs/moderation.md "Blocking and muting"): one copy for a profile's
// Block / Mute buttons and the settings page's lists.

/** `PUT /api/blocks/{userId}`: blocks or mutes someone (one kind replacing the other). */
function setBlock(userId: string, kind: BlockKind): Promise<BlockResponse> {
  return api.put<BlockResponse>(`/api/blocks/${encodeURIComponent(userId)}`, { kind })
}

/**
 * Sets (a kind) or undoes (`null`) the signed-in person's block or mute of `userId`. A block
 * changes what nearly every list shows (feeds, comments, replies, group pages, profiles), so
 * everything is read again.
 */
export function useSetBlock(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (kind: BlockKind | null) =>
      kind === null ? removeBlock(userId) : setBlock(userId, kind).then(() => undefined),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
