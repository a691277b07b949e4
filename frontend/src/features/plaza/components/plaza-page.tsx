import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowUp, CloudSun, RotateCw } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Select } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { feedQueryOptions, listPosts, useFeed } from '../api/list-posts.ts'
import { useNewPostsCount } from '../api/count-new-posts.ts'
import { plazaKeys } from '../api/keys.ts'
import { useProvinces } from '../api/list-provinces.ts'
import { feedPosts, mergeFeedHead } from '../feed-merge.ts'
import { Composer } from './composer.tsx'
import { districtName } from '../district.ts'
import { PostCard } from './post-card.tsx'

/** How far below the viewport the next page starts loading (px). */
const PRELOAD_MARGIN = '600px'

/**
 * `/plaza`: the public feed, newest first, of every district or one (`?district=`). Scrolling
 * near the end loads the next page (IntersectionObserver; "Load more" for keyboards); a banner
 * says how many posts arrived since (asked every 30 s while the page is visible) and shows them
 * on click. Signed in, the composer sits on top; signed out, a prompt to log in.
 */
export function PlazaPage({ district }: { district: string | null }) {
  const { t } = useTranslation('plaza')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const provinces = useProvinces()
  const feed = useFeed(district)
  const posts = useMemo(() => feedPosts(feed.data), [feed.data])
  const head = feed.data?.pages[0]?.headCursor ?? null
  const newCount = useNewPostsCount(head, district).data ?? 0
  const nextPageError = feed.isFetchNextPageError ? errorMessage(feed.error) : null
  const [refreshing, setRefreshing] = useState(false)
  const listRef = useRef<HTMLDivElement>(null)

  const current = provinces.data?.find((province) => province.code === district)
  const filterName = current ? districtName(current) : district

  /** Asks for the top of the feed again and puts what is new above what is shown. */
  const showNewPosts = async ({ scroll }: { scroll: boolean }) => {
    setRefreshing(true)
    try {
      const fresh = await listPosts(null, district)
      queryClient.setQueryData(feedQueryOptions(district).queryKey, (data) =>
        mergeFeedHead(data, fresh),
      )
    } catch {
      await feed.refetch()
    } finally {
      setRefreshing(false)
    }
    if (scroll) {
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })
      listRef.current?.focus({ preventScroll: true })
    }
  }

  const filterBy = (code: string) =>
    void navigate({ to: '/plaza', search: code ? { district: code } : {} })

  return (
    <div className="mx-auto grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 md:py-12">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button asChild variant="outline">
            <Link to="/plaza/weather/map">
              <CloudSun aria-hidden="true" />
              {t('weatherMap')}
            </Link>
          </Button>
        }
      />

      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1.5 md:max-w-64">
          <label htmlFor="plaza-filter" className="text-sm font-medium">
            {t('filter.label')}
          </label>
          <Select
            id="plaza-filter"
            value={district ?? ''}
            onChange={(event) => filterBy(event.target.value)}
          >
            <option value="">{t('filter.all')}</option>
            {/* A district from the URL that is not a province (a city) still shows as chosen. */}
            {district && !current && <option value={district}>{district}</option>}
            {(provinces.data ?? []).map((province) => (
              <option key={province.code} value={province.code}>
                {districtName(province)}
              </option>
            ))}
          </Select>
        </div>
        {district && (
          <Button variant="ghost" onClick={() => filterBy('')}>
            {t('filter.clear')}
          </Button>
        )}
      </div>

      {user ? (
        // One composer per user (its draft is theirs), never remounted by the filter.
        <Composer
          key={user.id}
          userId={user.id}
          provinces={provinces.data ?? []}
          filterDistrict={district}
          onPosted={() => {
            // Other filters' feeds are refetched when next shown; this one shows it at once.
            void queryClient.invalidateQueries({
              queryKey: [...plazaKeys.all, 'feed'],
              refetchType: 'none',
            })
            void showNewPosts({ scroll: false })
          }}
        />
      ) : initialized ? (
        <section
          aria-labelledby="plaza-join"
          className="flex flex-col gap-3 rounded-xl border border-dashed p-5 md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="plaza-join" className="font-semibold">
              {t('signedOut.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('signedOut.body')}</p>
          </div>
          <Button onClick={loginDialog.openLogin}>{t('signedOut.login')}</Button>
        </section>
      ) : null}

      {/* Always there, so the banner's arrival is announced (a polite live region). */}
      <div aria-live="polite" className="sticky top-16 z-30 flex justify-center empty:hidden">
        {newCount > 0 && (
          <Button
            onClick={() => void showNewPosts({ scroll: true })}
            loading={refreshing}
            className="rounded-full shadow-lg"
          >
            <ArrowUp aria-hidden="true" />
            {t('banner', { count: newCount })}
          </Button>
        )}
      </div>

      {/* Focused after "N new posts" (scrolled to the top); a feed role only around posts. */}
      <div ref={listRef} tabIndex={-1} className="grid gap-4 outline-none">
        {feed.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner className="size-5" />
            {t('feed.loading')}
          </p>
        ) : feed.isError ? (
          <Alert className="grid gap-2">
            <p>{t('feed.loadFailed', { message: errorMessage(feed.error) })}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
                <RotateCw aria-hidden="true" />
                {t('feed.retry')}
              </Button>
            </div>
          </Alert>
        ) : posts.length === 0 ? (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            {district ? t('feed.emptyDistrict', { name: filterName }) : t('feed.empty')}
          </p>
        ) : (
          <div
            role="feed"
            aria-label={district ? t('filter.showing', { name: filterName }) : t('feed.label')}
            aria-busy={feed.isFetching}
            className="grid gap-4"
          >
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        )}
      </div>

      {!feed.isPending && !feed.isError && (
        <MoreLoader
          hasMore={feed.hasNextPage}
          loading={feed.isFetchingNextPage}
          failed={nextPageError}
          onMore={() => void feed.fetchNextPage()}
          showEnd={posts.length > 0}
        />
      )}
    </div>
  )
}

/**
 * The feed's end: a sentinel that loads the next page as it nears the viewport, and the same as
 * a button (keyboards, and browsers without IntersectionObserver); "the beginning" at the end.
 */
function MoreLoader({
  hasMore,
  loading,
  failed,
  onMore,
  showEnd,
}: {
  hasMore: boolean
  loading: boolean
  failed: string | null
  onMore: () => void
  showEnd: boolean
}) {
  const { t } = useTranslation('plaza')
  const sentinel = useRef<HTMLDivElement>(null)
  const onMoreRef = useRef(onMore)
  useEffect(() => {
    onMoreRef.current = onMore
  })
  const auto = hasMore && !loading && !failed

  useEffect(() => {
    const target = sentinel.current
    if (!auto || !target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMoreRef.current()
      },
      { rootMargin: `0px 0px ${PRELOAD_MARGIN} 0px` },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [auto])

  if (!hasMore) {
    return showEnd ? (
      <p className="text-center text-sm text-muted-foreground">{t('feed.end')}</p>
    ) : null
  }
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2">
      {failed && <Alert>{failed}</Alert>}
      <Button variant="outline" loading={loading} onClick={onMore}>
        {t('feed.loadMore')}
      </Button>
    </div>
  )
}
