import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api-client.ts'
import type { Article } from '@/lib/api/types.ts'
import { contentKeys } from '../api/keys.ts'
import { conflictOf, saveArticle } from '../api/save-article.ts'

/** How long after the last keystroke the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500

interface ArticleText {
  title: string
  body: string
}

/** Why the text on screen is not (yet) on the server. */
type SaveProblem =
  /** A blank title: the server would refuse it, so nothing is sent. */
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  /** Someone saved since this editor's version: `current` is the article as it is now. */
  | { kind: 'conflict'; current: Article }

export interface AutosaveState {
  text: ArticleText
  /** The server's copy as last answered (status, version, times). */
  article: Article
  /** The text differs from what the server has. */
  dirty: boolean
  saving: boolean
  problem: SaveProblem | null
  /** The server's time of the last save (ISO). */
  savedAt: string
}

const same = (a: ArticleText, b: ArticleText) => a.title === b.title && a.body === b.body

/**
 * The editor's text and its autosave to the server (`PUT …/articles/{id}` with `version`):
 *
 * - a save goes out `AUTOSAVE_DELAY_MS` after typing stops, and at once on `saveNow()` (blur,
 *   the page being hidden, publishing, leaving);
 * - one request at a time: a save (or a publish, through `exclusive`) waits for the previous
 *   one, so each starts from the version the last answer gave; text typed meanwhile is saved
 *   next;
 * - a 409 `edit_conflict` stops autosaving until the user chooses: `reloadTheirs()` takes the
 *   article as it is now, `keepMine()` saves this text over it. Nothing is overwritten
 *   silently.
 */
export function useAutosave(groupId: string, initial: Article) {
  const queryClient = useQueryClient()
  const articleId = initial.id
  const [state, setState] = useState<AutosaveState>(() => ({
    text: { title: initial.title, body: initial.body },
    article: initial,
    dirty: false,
    saving: false,
    problem: null,
    savedAt: initial.updatedAt,
  }))

  // What event handlers and timers read (state is for rendering).
  const textRef = useRef<ArticleText>(state.text)
  const savedRef = useRef<ArticleText>(state.text)
  const versionRef = useRef(initial.version)
  const blockedRef = useRef(false)
  const queueRef = useRef<Promise<unknown>>(Promise.resolve())
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const stoppedRef = useRef(false)

  /** Runs server calls one after another (saves, publishing). */
  const exclusive = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = queueRef.current.then(task, task)
    queueRef.current = run.catch(() => undefined)
    return run
  }, [])

  /** The server answered with the article (a save, a publish): remember its version. */
  const accept = useCallback(
    (article: Article) => {
      versionRef.current = article.version
      queryClient.setQueryData(contentKeys.article(groupId, articleId), article)
      setState((current) => ({ ...current, article, savedAt: article.updatedAt }))
    },
    [queryClient, groupId, articleId],
  )

  // `schedule` starts a timer that calls the latest `saveNow` (declared after it).
  const saveNowRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true))
  const schedule = useCallback(() => {
    clearTimeout(timerRef.current)
    timerRef.current = setTimeout(() => void saveNowRef.current(), AUTOSAVE_DELAY_MS)
  }, [])

  const saveOnce = useCallback(async (): Promise<boolean> => {
    if (stoppedRef.current || blockedRef.current) return false
    const sent = textRef.current
    if (same(sent, savedRef.current)) return true
    if (!sent.title.trim()) {
      setState((current) => ({ ...current, problem: { kind: 'invalid' } }))
      return false
    }
    setState((current) => ({ ...current, saving: true }))
    try {
      const saved = await saveArticle(groupId, articleId, { ...sent, version: versionRef.current })
      savedRef.current = sent
      accept(saved)
      const dirty = !same(textRef.current, sent)
      setState((current) => ({ ...current, saving: false, dirty, problem: null }))
      // Typed while this save was out: that goes next, after the usual pause.
      if (dirty) schedule()
      void queryClient.invalidateQueries({ queryKey: contentKeys.drafts(groupId) })
      void queryClient.invalidateQueries({ queryKey: contentKeys.published(groupId) })
      return true
    } catch (error) {
      const current = conflictOf(error)
      if (current) blockedRef.current = true
      setState((state) => ({
        ...state,
        saving: false,
        problem: current
          ? { kind: 'conflict', current }
          : { kind: 'failed', message: errorMessage(error) },
      }))
      return false
    }
  }, [groupId, articleId, accept, queryClient, schedule])

  /** Saves now (after any call still out); true when the server has the text on screen. */
  const saveNow = useCallback((): Promise<boolean> => {
    clearTimeout(timerRef.current)
    return exclusive(saveOnce)
  }, [exclusive, saveOnce])

  useEffect(() => {
    saveNowRef.current = saveNow
  }, [saveNow])

  /** The user changed the title or the body. */
  const edit = useCallback(
    (change: Partial<ArticleText>) => {
      const text = { ...textRef.current, ...change }
      textRef.current = text
      const dirty = !same(text, savedRef.current)
      setState((current) => ({
        ...current,
        text,
        dirty,
        // A blank title stays a problem until it is filled; a failure is retried by typing.
        problem:
          current.problem?.kind === 'conflict'
            ? current.problem
            : current.problem?.kind === 'invalid' && !text.title.trim()
              ? current.problem
              : null,
      }))
      if (!blockedRef.current) {
        if (dirty) schedule()
        else clearTimeout(timerRef.current)
      }
    },
    [schedule],
  )

  /** Conflict: take the article as it is now, dropping this editor's text. */
  const reloadTheirs = useCallback(() => {
    if (state.problem?.kind !== 'conflict') return
    const { current } = state.problem
    const text = { title: current.title, body: current.body }
    textRef.current = text
    savedRef.current = text
    versionRef.current = current.version
    blockedRef.current = false
    clearTimeout(timerRef.current)
    queryClient.setQueryData(contentKeys.article(groupId, articleId), current)
    setState((state) => ({
      ...state,
      text,
      article: current,
      dirty: false,
      problem: null,
      savedAt: current.updatedAt,
    }))
  }, [state.problem, queryClient, groupId, articleId])

  /** Conflict: save this editor's text over the article as it is now. */
  const keepMine = useCallback((): Promise<boolean> => {
    if (state.problem?.kind !== 'conflict') return Promise.resolve(false)
    const { current } = state.problem
    versionRef.current = current.version
    // What the server has now: the save below goes out even if the texts happen to match.
    savedRef.current = { title: current.title, body: current.body }
    blockedRef.current = false
    setState((state) => ({ ...state, article: current, problem: null }))
    return saveNow()
  }, [state.problem, saveNow])

  /** No more saves (the article was deleted). */
  const stop = useCallback(() => {
    stoppedRef.current = true
    clearTimeout(timerRef.current)
  }, [])

  /** Whether there is anything the server does not have (for the leave warnings). */
  const hasUnsaved = useCallback(() => !same(textRef.current, savedRef.current), [])

  /** The text as of now, also between renders (an upload finishing replaces its placeholder). */
  const currentText = useCallback(() => textRef.current, [])

  // Hiding the page (switching tabs or apps, closing it on a phone) saves at once.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void saveNow()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [saveNow])

  useEffect(() => () => clearTimeout(timerRef.current), [])

  return {
    ...state,
    edit,
    saveNow,
    exclusive,
    accept,
    reloadTheirs,
    keepMine,
    stop,
    hasUnsaved,
    currentText,
  }
}
