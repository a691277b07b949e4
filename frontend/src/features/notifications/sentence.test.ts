import { describe, expect, it } from 'vitest'
import { badgeText, newestSeq, notificationLink, notificationSentence } from './sentence.ts'
import { ids, notification } from './test/fixtures.ts'

const subject = notification(1).subject

describe('a notification', () => {
  it('says one sentence per kind', () => {
    expect(notificationSentence(notification(1)).key).toBe('sentence.repliedPost')
    expect(
      notificationSentence(notification(1, { subject: { ...subject, type: 'reply' } })).key,
    ).toBe('sentence.replied')
    expect(notificationSentence(notification(1, { kind: 'liked' }))).toMatchObject({
      key: 'sentence.liked',
      showsDetail: false,
    })
    expect(notificationSentence(notification(1, { kind: 'liked', others: 12 }))).toMatchObject({
      key: 'sentence.likedFolded',
      count: 12,
      total: 13,
    })
    expect(
      notificationSentence(notification(1, { kind: 'join_decided', detail: 'approved' })).key,
    ).toBe('sentence.joinApproved')
    expect(
      notificationSentence(notification(1, { kind: 'join_decided', detail: 'rejected' })).key,
    ).toBe('sentence.joinRejected')
    expect(
      notificationSentence(notification(1, { kind: 'role_changed', detail: 'admin' })),
    ).toMatchObject({ key: 'sentence.roleChanged', role: 'admin' })
    expect(notificationSentence(notification(1, { kind: 'content_removed' }))).toMatchObject({
      key: 'sentence.contentRemoved',
      detailIsReason: true,
    })
  })

  it('tells a reporter what was decided, per action, and never who decided it', () => {
    const decided = (detail: string | null) =>
      notificationSentence(notification(1, { kind: 'report_decided', actor: null, detail }))
    expect(decided('dismiss').key).toBe('sentence.reportDecidedAs.dismiss')
    expect(decided('hide').key).toBe('sentence.reportDecidedAs.hide')
    expect(decided('delete').key).toBe('sentence.reportDecidedAs.delete')
    expect(decided('ban').key).toBe('sentence.reportDecidedAs.ban')
    expect(decided('disable').key).toBe('sentence.reportDecidedAs.disable')
    // An action this client does not know yet: the plain sentence.
    expect(decided('warn').key).toBe('sentence.reportDecided')
    expect(decided(null).key).toBe('sentence.reportDecided')
    // The detail is the action, not text to show; and the row names nobody.
    expect(decided('delete')).toMatchObject({ showsDetail: false, anonymous: true })
    expect(notificationSentence(notification(1)).anonymous).toBeFalsy()
  })

  it('leads to its permalink, or nowhere when no longer readable', () => {
    expect(notificationLink(notification(1))).toEqual({
      to: '/plaza/post/$postId',
      params: { postId: ids.id(500) },
      hash: `comment-${ids.id(601)}`,
    })
    const reply = notification(2, {
      subject: {
        ...subject,
        type: 'reply',
        groupId: 'g',
        postId: null,
        commentId: null,
        articleId: 'a',
        replyId: 'r',
      },
    })
    expect(notificationLink(reply)).toEqual({
      to: '/group/$groupId/article/$articleId/display',
      params: { groupId: 'g', articleId: 'a' },
      hash: 'reply-r',
    })
    const group = notification(3, { subject: { ...subject, type: 'group', groupId: 'g' } })
    expect(notificationLink(group)).toEqual({ to: '/group/$groupId', params: { groupId: 'g' } })
    expect(notificationLink(notification(4, { subject: { ...subject, readable: false } }))).toBe(
      null,
    )
    const person = { ...subject, type: 'person' as const, postId: null, commentId: null }
    expect(notificationLink(notification(5, { subject: { ...person, userId: 'u7' } }))).toEqual({
      to: '/profile/$userId',
      params: { userId: 'u7' },
    })
    expect(notificationLink(notification(6, { subject: { ...person, userId: null } }))).toBe(null)
  })

  it('counts to 99, then 99+; all read means up to the newest seq shown', () => {
    expect(badgeText(7, String)).toBe('7')
    expect(badgeText(99, String)).toBe('99')
    expect(badgeText(100, String)).toBe('99+')
    expect(newestSeq([notification(3), notification(9), notification(5)])).toBe(9)
    expect(newestSeq([])).toBe(null)
  })
})
