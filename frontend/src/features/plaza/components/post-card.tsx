import { MentionText } from '@/components/mention-text.tsx'
import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { Heart, ImageOff, Link2, MapPin, MessageCircle, Pencil, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Lightbox } from '@/components/lightbox.tsx'
import { Button } from '@/components/ui/button.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { copyText } from '@/lib/clipboard.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatNumber } from '@/lib/format.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { ReportButton } from '@/components/report-action.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { plazaKeys } from '../api/keys.ts'
import { deletePost } from '../api/delete-post.ts'
import { editPost, postConflictOf } from '../api/edit-post.ts'
import { editDraft, editKey } from '../edit-drafts.ts'
import { POST_MAX_CHARS } from '../rules.ts'
import { likePost } from '../api/like-post.ts'
import { unlikePost } from '../api/unlike-post.ts'
import type { PlazaFeedPage, PlazaPost } from '@/lib/api/types.ts'
import { removePost, updatePost } from '../feed-merge.ts'
import { Comments } from './comments.tsx'
import { ImageGrid } from './image-grid.tsx'
import { PersonAvatar } from './person.tsx'
import { personName } from '@/lib/person.ts'
import { districtName } from '../district.ts'
import { PostTime } from './post-time.tsx'
import { EditedLabel } from './edited-label.tsx'
import { InlineEditor, type EditResult } from './inline-editor.tsx'
import { VersionsDialog } from './versions-dialog.tsx'
import { RemovalDialog } from './removal-dialog.tsx'

type Feed = InfiniteData<PlazaFeedPage, unknown>

/** Changes a post in every loaded feed (all districts and each one's) and on its own page. */
function usePostUpdater() {
  const queryClient = useQueryClient()
  return {
    update: (postId: string, change: (post: PlazaPost) => PlazaPost) => {
      queryClient.setQueriesData<Feed>({ queryKey: [...plazaKeys.all, 'feed'] }, (data) =>
        updatePost(data, postId, change),
      )
      queryClient.setQueryData<PlazaPost>(plazaKeys.post(postId), (data) =>
        data ? change(data) : data,
      )
    },
    remove: (postId: string) =>
      queryClient.setQueriesData<Feed>({ queryKey: [...plazaKeys.all, 'feed'] }, (data) =>
        removePost(data, postId),
      ),
  }
}

/**
 * One post: author, time (a link to the post's own page), district (a link that filters the
 * feed), the text as written (plain text, line breaks kept), the images (the lightbox on click),
 * like, comments, copy link, edit (its author: the text in place, "edited" with the time after)
 * and delete; its author and administrators open its earlier versions from "edited". Only its
 * author is sent a withheld post: it says so (under review, or hidden). Its own
 * page shows the comments from the start
 * (`commentsOpen`) and leaves when the post is deleted (`onDeleted`).
 */
export function PostCard({
  post,
  commentsOpen = false,
  onDeleted,
}: {
  post: PlazaPost
  commentsOpen?: boolean
  onDeleted?: () => void
}) {
  const { t } = useTranslation('plaza')
  const { user } = useSession()
  const loginDialog = useLoginDialog()
  const confirm = useConfirm()
  const toast = useToast()
  const posts = usePostUpdater()
  const router = useRouter()
  const [open, setOpen] = useState<number | null>(null)
  const [showComments, setShowComments] = useState(commentsOpen)
  const liking = useRef(false)
  const name = personName(post.author)
  const headingId = `post-${post.id}-author`
  const anchor = `post-${post.id}`
  const article = useRef<HTMLElement>(null)
  const draftKey = editKey('post', post.id)
  // An edit left open (its draft kept) opens again when the card is mounted again.
  const [editing, setEditing] = useState(() => post.canEdit && editDraft(draftKey) !== undefined)
  const [history, setHistory] = useState(false)
  // An administrator removing someone else's post: with a reason its author is told.
  const [removing, setRemoving] = useState(false)

  // `/plaza#post-<id>` (the home page's links) scrolls to the post once it is on the page: the
  // router only tries while the page first renders, often before the feed has arrived.
  useEffect(() => {
    if (window.location.hash === `#${anchor}`) article.current?.scrollIntoView({ block: 'start' })
  }, [anchor])

  const toggleLike = async () => {
    if (!user) {
      loginDialog.openLogin()
      return
    }
    if (liking.current) return
    liking.current = true
    const want = !post.liked
    // Optimistic: the heart and the count change at once; the server's answer then rules.
    posts.update(post.id, (p) => ({
      ...p,
      liked: want,
      likeCount: Math.max(0, p.likeCount + (want ? 1 : -1)),
    }))
    try {
      const answer = await (want ? likePost(post.id) : unlikePost(post.id))
      posts.update(post.id, (p) => ({ ...p, liked: answer.liked, likeCount: answer.likeCount }))
    } catch (error) {
      posts.update(post.id, (p) => ({
        ...p,
        liked: !want,
        likeCount: Math.max(0, p.likeCount + (want ? -1 : 1)),
      }))
      toast.error(errorMessage(error))
    } finally {
      liking.current = false
    }
  }

  const removed = () => {
    posts.remove(post.id)
    toast.success(t('post.deleted'))
    onDeleted?.()
  }

  const askDelete = () =>
    user && user.id !== post.author.id
      ? setRemoving(true)
      : confirm({
          title: t('post.deleteTitle'),
          description: t('post.deleteBody'),
          confirmLabel: t('post.delete'),
          destructive: true,
          onConfirm: async () => {
            try {
              await deletePost(post.id)
            } catch (error) {
              toast.error(errorMessage(error))
              return
            }
            removed()
          },
        })

  const saveEdit = async (body: string): Promise<EditResult> => {
    try {
      const saved = await editPost(post.id, { body, version: post.version })
      posts.update(post.id, () => saved)
      toast.success(t('edit.saved'))
      return 'saved'
    } catch (error) {
      const current = postConflictOf(error)
      if (!current) throw error
      // Their version shows behind the editor; saving again edits from it.
      posts.update(post.id, () => current)
      return 'conflict'
    }
  }

  /** The post's page as an absolute address, on the clipboard; shown in the toast if refused. */
  const copyLink = async () => {
    const { href } = router.buildLocation({
      to: '/plaza/post/$postId',
      params: { postId: post.id },
    })
    const url = new URL(href, window.location.origin).href
    try {
      await copyText(url)
      toast.success(t('post.linkCopied'))
    } catch (error) {
      console.error('Copy to the clipboard failed', error)
      toast.error(t('post.copyFailed'), { details: url, duration: 15_000 })
    }
  }

  return (
    <article
      ref={article}
      id={anchor}
      aria-labelledby={headingId}
      className="grid scroll-mt-20 gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs md:p-5"
    >
      <header className="flex items-start gap-3">
        <PersonAvatar person={post.author} className="size-10" />
        <div className="grid min-w-0 flex-1">
          <h2 id={headingId} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <Link
              to="/profile/$userId"
              params={{ userId: post.author.id }}
              className="truncate font-semibold underline-offset-4 hover:underline max-md:-my-2.5 max-md:min-w-11 max-md:py-2.5"
            >
              {name}
            </Link>
            <span className="truncate text-sm font-normal text-muted-foreground">
              @{post.author.username}
            </span>
          </h2>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <Link
              to="/plaza/post/$postId"
              params={{ postId: post.id }}
              className="underline-offset-4 hover:underline max-md:-my-3 max-md:inline-flex max-md:min-w-11 max-md:items-center max-md:py-3"
            >
              <PostTime at={post.createdAt} />
            </Link>
            {post.district && (
              <Link
                to="/plaza"
                search={{ district: post.district.code }}
                aria-label={t('post.district', { name: districtName(post.district) })}
                className="inline-flex items-center gap-1 rounded-full bg-info-soft px-2 py-0.5 text-xs font-medium text-info hover:underline max-md:-my-3 max-md:border-y-12 max-md:border-transparent max-md:bg-clip-padding focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <MapPin aria-hidden="true" className="size-3" />
                {districtName(post.district)}
              </Link>
            )}
            {post.editedAt && (
              <EditedLabel
                at={post.editedAt}
                onHistory={post.canSeeVersions ? () => setHistory(true) : undefined}
              />
            )}
          </div>
        </div>
        {post.canEdit && !editing && (
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            onClick={() => setEditing(true)}
            aria-label={t('post.edit')}
            title={t('post.edit')}
            className="-mt-1 text-muted-foreground"
          >
            <Pencil aria-hidden="true" />
          </Button>
        )}
        {user && user.id !== post.author.id && (
          <ReportButton subject={{ kind: 'post', id: post.id }} className="-mt-1" />
        )}
        {post.canDelete && (
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            onClick={askDelete}
            aria-label={t('post.delete')}
            title={t('post.delete')}
            className="-me-2 -mt-1 text-muted-foreground"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </header>

      <WithheldBadge withheld={post.withheld} />

      {editing ? (
        <InlineEditor
          id={`post-${post.id}-edit`}
          draftKey={draftKey}
          initial={post.body}
          max={POST_MAX_CHARS}
          allowEmpty={post.images.length > 0}
          label={t('post.editLabel')}
          save={saveEdit}
          onClose={() => setEditing(false)}
        />
      ) : (
        post.body && (
          <p className="text-[0.95rem] leading-relaxed wrap-anywhere whitespace-pre-wrap">
            <MentionText text={post.body} />
          </p>
        )
      )}

      <ImageGrid
        images={post.images}
        label={(n) => t('post.image', { n, total: post.images.length, name })}
        onOpen={setOpen}
      />
      {post.removedImages > 0 && (
        <p className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-4 shrink-0" />
          {t('post.removedImages', { count: post.removedImages })}
        </p>
      )}

      <footer className="-mx-2 -mb-1 flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.liked}
          onClick={() => void toggleLike()}
          className={cn(post.liked && 'text-error')}
          aria-label={`${t('post.like')} · ${t('post.likes', { count: post.likeCount })}`}
        >
          <Heart aria-hidden="true" className={cn(post.liked && 'fill-current')} />
          <span className="tabular-nums">{formatNumber(post.likeCount)}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showComments}
          aria-controls={`post-${post.id}-comments`}
          onClick={() => setShowComments((shown) => !shown)}
          aria-label={t('post.comments', { count: post.commentCount })}
        >
          <MessageCircle aria-hidden="true" />
          <span className="tabular-nums">{formatNumber(post.commentCount)}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void copyLink()}
          title={t('post.copyLink')}
          className="ms-auto text-muted-foreground"
        >
          <Link2 aria-hidden="true" />
          <span className="max-sm:sr-only">{t('post.copyLink')}</span>
        </Button>
      </footer>

      {showComments && (
        <Comments
          id={`post-${post.id}-comments`}
          postId={post.id}
          // The post's own page answers a link to one of its comments; the feed does not.
          followAnchor={commentsOpen}
          onCountChange={(delta) =>
            posts.update(post.id, (p) => ({
              ...p,
              commentCount: Math.max(0, p.commentCount + delta),
            }))
          }
        />
      )}

      {history && <VersionsDialog kind="post" id={post.id} onClose={() => setHistory(false)} />}
      {removing && (
        <RemovalDialog
          title={t('post.deleteTitle')}
          confirmLabel={t('post.delete')}
          remove={async (reason) => {
            await deletePost(post.id, reason)
            removed()
          }}
          onClose={() => setRemoving(false)}
        />
      )}

      {open !== null && post.images[open] && (
        <Lightbox
          images={post.images}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
          alt={(image) =>
            t('post.image', {
              n: post.images.indexOf(image) + 1,
              total: post.images.length,
              name,
            })
          }
          caption={() => (
            <>
              {name} · <PostTime at={post.createdAt} />
            </>
          )}
          // A post's images are its author's: anyone else signed in may report one.
          canReport={() => user !== null && user.id !== post.author.id}
        />
      )}
    </article>
  )
}
