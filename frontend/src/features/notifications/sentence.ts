import type { Notification } from './api/list-notifications.ts'

/** The key of a notification's sentence in the `notifications` namespace. */
type SentenceKey =
  | 'sentence.repliedPost'
  | 'sentence.replied'
  | 'sentence.mentioned'
  | 'sentence.liked'
  | 'sentence.likedFolded'
  | 'sentence.joinRequested'
  | 'sentence.joinApproved'
  | 'sentence.joinRejected'
  | 'sentence.roleChanged'
  | 'sentence.removed'
  | 'sentence.banned'
  | 'sentence.transferOffered'
  | 'sentence.contentRemoved'
  | 'sentence.reportDecided'
  | `sentence.reportDecidedAs.${ReportOutcome}`

/** What a report's case was closed with (`report_decided`'s `detail`). */
const REPORT_OUTCOMES = ['dismiss', 'hide', 'delete', 'ban', 'disable'] as const
type ReportOutcome = (typeof REPORT_OUTCOMES)[number]

const ROLES = ['owner', 'admin', 'member'] as const
type Role = (typeof ROLES)[number]

interface Sentence {
  key: SentenceKey
  /** `count` (the others of a folded like, for the plural) and `total` (everyone in it). */
  count?: number
  total?: number
  /** The new role of `role_changed`, a key of `roles`. */
  role?: Role
  /** Whether the row shows `detail` under the sentence (an excerpt or a reason). */
  showsDetail: boolean
  /** Whether `detail` is a reason ("Reason: …"). */
  detailIsReason?: boolean
  /** Whether the row leaves out who did it (a report's outcome never says who decided). */
  anonymous?: boolean
}

/** What a notification says, by kind: one sentence per kind, the detail where it is text. */
export function notificationSentence(notification: Notification): Sentence {
  const { kind, others, detail, subject } = notification
  switch (kind) {
    case 'replied':
      return {
        key: subject.type === 'plaza_comment' ? 'sentence.repliedPost' : 'sentence.replied',
        showsDetail: true,
      }
    case 'mentioned':
      return { key: 'sentence.mentioned', showsDetail: true }
    case 'liked':
      return others > 0
        ? { key: 'sentence.likedFolded', count: others, total: others + 1, showsDetail: false }
        : { key: 'sentence.liked', showsDetail: false }
    case 'join_requested':
      return { key: 'sentence.joinRequested', showsDetail: false }
    case 'join_decided':
      return {
        key: detail === 'approved' ? 'sentence.joinApproved' : 'sentence.joinRejected',
        showsDetail: false,
      }
    case 'role_changed': {
      const role = ROLES.find((r) => r === detail)
      return role
        ? { key: 'sentence.roleChanged', role, showsDetail: false }
        : { key: 'sentence.roleChanged', role: 'member', showsDetail: false }
    }
    case 'removed':
      return { key: 'sentence.removed', showsDetail: false }
    case 'banned':
      return { key: 'sentence.banned', showsDetail: false }
    case 'transfer_offered':
      return { key: 'sentence.transferOffered', showsDetail: false }
    case 'content_removed':
      return { key: 'sentence.contentRemoved', showsDetail: true, detailIsReason: true }
    case 'report_decided': {
      // `detail` is the action taken, not text to show; an unknown one gets the plain sentence.
      const outcome = REPORT_OUTCOMES.find((o) => o === detail)
      return {
        key: outcome ? `sentence.reportDecidedAs.${outcome}` : 'sentence.reportDecided',
        showsDetail: false,
        anonymous: true,
      }
    }
  }
}

/** Where a notification leads, as a route with its params and hash; none when not readable. */
type Permalink =
  | { to: '/plaza/post/$postId'; params: { postId: string }; hash?: string }
  | {
      to: '/group/$groupId/article/$articleId/display'
      params: { groupId: string; articleId: string }
      hash?: string
    }
  | { to: '/group/$groupId'; params: { groupId: string } }
  | { to: '/profile/$userId'; params: { userId: string } }

export function notificationLink({ subject }: Notification): Permalink | null {
  if (!subject.readable) return null
  const { postId, commentId, groupId, articleId, replyId, userId } = subject
  switch (subject.type) {
    case 'plaza_post':
      return postId ? { to: '/plaza/post/$postId', params: { postId } } : null
    case 'plaza_comment':
      return postId
        ? {
            to: '/plaza/post/$postId',
            params: { postId },
            ...(commentId ? { hash: `comment-${commentId}` } : {}),
          }
        : null
    case 'article':
    case 'reply':
      return groupId && articleId
        ? {
            to: '/group/$groupId/article/$articleId/display',
            params: { groupId, articleId },
            ...(subject.type === 'reply' && replyId ? { hash: `reply-${replyId}` } : {}),
          }
        : null
    case 'group':
      return groupId ? { to: '/group/$groupId', params: { groupId } } : null
    case 'person':
      return userId ? { to: '/profile/$userId', params: { userId } } : null
  }
}

/** The badge's text: the count, or 99+ above 99. */
export function badgeText(count: number, format: (n: number) => string): string {
  return count > 99 ? `${format(99)}+` : format(count)
}

/** The newest `seq` among those shown: what "Mark all read" marks up to. */
export function newestSeq(notifications: readonly Notification[]): number | null {
  let newest: number | null = null
  for (const { seq } of notifications) if (newest === null || seq > newest) newest = seq
  return newest
}
