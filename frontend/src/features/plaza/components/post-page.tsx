import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, FileQuestion, RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { personName } from '@/lib/person.ts'
import { isUuid } from '@/lib/uuid.ts'
import { usePost } from '../api/get-post.ts'
import { PostCard } from './post-card.tsx'

/**
 * `/plaza/post/$postId`: one post as the feed shows it, its comments open below it, and the way
 * back to the plaza. A post that is not there (deleted, or an id no post has) is a page of its
 * own saying so, not the app's error page; a failed request offers to try again.
 */
export function PostPage({ postId }: { postId: string }) {
  const { t } = useTranslation('plaza')
  const navigate = useNavigate()
  const post = usePost(postId)
  const missing = !isUuid(postId) || (post.error instanceof ApiError && post.error.status === 404)

  if (missing) return <PostNotFound />

  return (
    <div className="mx-auto grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 md:gap-6 md:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ms-3 text-muted-foreground">
          <Link to="/plaza">
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {t('page.back')}
          </Link>
        </Button>
      </div>
      <h1 className="text-2xl font-semibold wrap-anywhere md:text-3xl">
        {post.data ? t('post.label', { name: personName(post.data.author) }) : t('page.heading')}
      </h1>
      {post.data ? (
        <PostCard post={post.data} commentsOpen onDeleted={() => void navigate({ to: '/plaza' })} />
      ) : post.isError ? (
        <Alert className="grid gap-2">
          <p>{t('page.loadFailed', { message: errorMessage(post.error) })}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void post.refetch()}>
              <RotateCw aria-hidden="true" />
              {t('feed.retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner className="size-5" />
          {t('feed.loading')}
        </p>
      )}
    </div>
  )
}

/** Deleted, or never there: said plainly, with the way to the plaza. */
function PostNotFound() {
  const { t } = useTranslation('plaza')
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center md:py-24">
      <FileQuestion aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 text-2xl font-semibold">{t('page.notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('page.notFound.body')}</p>
      <Button asChild className="mt-8">
        <Link to="/plaza">{t('page.notFound.back')}</Link>
      </Button>
    </div>
  )
}
