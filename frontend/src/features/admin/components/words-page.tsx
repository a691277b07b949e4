import { Search, Trash2, X } from 'lucide-react'
import { useDeferredValue, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select } from '@/components/ui/select.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import type { WordEntry } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useToast } from '@/lib/toast.ts'
import { useAddWord } from '../api/add-word.ts'
import { useWords } from '../api/list-words.ts'
import { useRemoveWord } from '../api/remove-word.ts'
import { WordImportPanel } from './word-import.tsx'

type Action = WordEntry['action']

/** The server's message for one field of a refused form, if it named that field. */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.body.fields?.[field] : undefined
}

/** Adds one phrase; what was typed stays until the server accepts it. */
function AddWordForm() {
  const { t } = useTranslation('words')
  const toast = useToast()
  const add = useAddWord()
  const [phrase, setPhrase] = useState('')
  const [action, setAction] = useState<Action>('refuse')
  const [note, setNote] = useState('')
  const fieldsNamed =
    add.error instanceof ApiError && Object.keys(add.error.body.fields ?? {}).length > 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(
      { phrase, action, note: note.trim() === '' ? undefined : note },
      {
        onSuccess: ({ word }) => {
          toast.success(t('add.added', { phrase: word.phrase }))
          setPhrase('')
          setNote('')
        },
      },
    )
  }

  return (
    <Card className="grid gap-4">
      <CardTitle>{t('add.title')}</CardTitle>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field
          label={t('add.phrase')}
          hint={t('add.phraseHint')}
          error={fieldError(add.error, 'phrase')}
        >
          {(control) => (
            <Input
              {...control}
              value={phrase}
              onChange={(event) => setPhrase(event.target.value)}
              maxLength={100}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field
          label={t('add.action')}
          hint={t('add.holdHint')}
          error={fieldError(add.error, 'action')}
        >
          {(control) => (
            <Select
              {...control}
              value={action}
              onChange={(event) => setAction(event.target.value as Action)}
            >
              <option value="refuse">{t('actions.refuse')}</option>
              <option value="hold">{t('actions.hold')}</option>
            </Select>
          )}
        </Field>
        <Field label={t('add.note')} error={fieldError(add.error, 'note')}>
          {(control) => (
            <Input
              {...control}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </Field>
        {add.isError && !fieldsNamed && (
          <Alert tone="error" role="alert">
            {errorMessage(add.error)}
          </Alert>
        )}
        <div>
          <Button type="submit" disabled={phrase.trim() === '' || add.isPending}>
            {t('add.submit')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function WordRow({ word }: { word: WordEntry }) {
  const { t } = useTranslation('words')
  const confirm = useConfirm()
  const toast = useToast()
  const remove = useRemoveWord()
  const ask = () =>
    confirm({
      title: t('list.removeTitle', { phrase: word.phrase }),
      description: t('list.removeBody'),
      confirmLabel: t('list.removeConfirm'),
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync(word.key).then(
          () => toast.success(t('list.removed', { phrase: word.phrase })),
          (error: unknown) => toast.error(errorMessage(error)),
        ),
    })
  return (
    <li className="flex items-center gap-3 border-b border-border py-1 last:border-b-0">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium break-all">{word.phrase}</span>
        {word.note && (
          <span className="text-xs break-words text-muted-foreground">
            {t('list.note', { note: word.note })}
          </span>
        )}
      </div>
      <Badge tone={word.action === 'hold' ? 'warning' : 'error'}>
        {t(`actions.${word.action}`)}
      </Badge>
      <Button
        variant="ghost"
        iconOnly
        aria-label={t('list.remove', { phrase: word.phrase })}
        onClick={ask}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  )
}

/** The list, filtered as one types (on the folded forms: `ＦＯＯ` finds `foo`), page by page. */
function WordList() {
  const { t } = useTranslation('words')
  const filterId = useId()
  const titleId = useId()
  const [q, setQ] = useState('')
  const deferredQ = useDeferredValue(q.trim())
  const words = useWords(deferredQ)
  const items = words.data?.pages.flatMap((page) => page.words) ?? []
  const total = words.data?.pages[0]?.total

  return (
    <Card className="grid min-w-0 gap-4">
      <CardTitle id={titleId}>{t('list.title')}</CardTitle>
      <div className="grid gap-1.5">
        <label htmlFor={filterId} className="text-sm font-medium">
          {t('list.filterLabel')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={filterId}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t('list.filterPlaceholder')}
            maxLength={100}
            autoComplete="off"
            className="pr-10 pl-9"
          />
          {q !== '' && (
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              className="absolute top-1/2 right-1 -translate-y-1/2"
              aria-label={t('list.clearFilter')}
              onClick={() => setQ('')}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      {total !== undefined && (
        <p className="text-sm text-muted-foreground" data-testid="word-total">
          {t('list.total', { count: total })}
        </p>
      )}
      {words.isPending ? (
        <Spinner />
      ) : words.isError ? (
        <Alert tone="error" role="alert">
          <p>{t('list.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void words.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {deferredQ ? t('list.noMatch') : t('list.empty')}
        </p>
      ) : (
        <ul aria-labelledby={titleId} className="grid">
          {items.map((word) => (
            <WordRow key={word.key} word={word} />
          ))}
        </ul>
      )}
      {words.hasNextPage && (
        <div>
          <Button
            variant="outline"
            disabled={words.isFetchingNextPage}
            onClick={() => void words.fetchNextPage()}
          >
            {t('list.loadMore')}
          </Button>
        </div>
      )}
    </Card>
  )
}

/**
 * The word list's administration: the list with a filter, add a phrase, remove one (asked
 * first), import a file (dry run first, then all or nothing) and export the list.
 */
export function WordsPage() {
  const { t } = useTranslation('words')
  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <AddWordForm />
          <WordList />
        </div>
        <WordImportPanel />
      </div>
    </div>
  )
}
