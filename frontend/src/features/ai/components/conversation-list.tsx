import { Download, Pencil, Plus, Trash2, Upload } from 'lucide-react'
import { useId, useRef, useState, type ChangeEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { formatTimeOrDay } from '@/lib/format.ts'
import { cn } from '@/lib/utils.ts'
import type { AiChatSession } from '../model.ts'
import { sessionTitle } from './display.ts'
import { RenameDialog } from './rename-dialog.tsx'

interface ConversationListProps {
  sessions: readonly AiChatSession[]
  currentSessionId: string | null
  language: 'zh' | 'en'
  onSelect: (id: string) => void
  onNew: () => void
  onRename: (id: string, title: string) => void
  /** Asks first (confirm dialog), then deletes. */
  onDelete: (session: AiChatSession) => void
  onClearAll: () => void
  onExport: () => void
  onImport: (file: File) => void
  /** The add-new button, focused when the list slides in on a phone. */
  newButtonRef?: RefObject<HTMLButtonElement | null>
}

/** The conversation list (spec §2.5): sidebar on desktop, slide-over on phones. */
export function ConversationList({
  sessions,
  currentSessionId,
  language,
  onSelect,
  onNew,
  onRename,
  onDelete,
  onClearAll,
  onExport,
  onImport,
  newButtonRef,
}: ConversationListProps) {
  const { t } = useTranslation('ai')
  const headingId = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null)

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file can be chosen again later.
    event.target.value = ''
    if (file) onImport(file)
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-b ps-4 pe-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {t('history.title')}
        </h3>
        <Button
          ref={newButtonRef}
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t('session.new')}
          title={t('session.new')}
          onClick={onNew}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>

      {sessions.length === 0 ? (
        <p className="flex-1 px-4 py-6 text-center text-sm text-muted-foreground">
          {t('history.empty')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="min-h-0 flex-1 space-y-0.5 overflow-y-auto p-2">
          {sessions.map((session) => {
            const title = sessionTitle(session.title, t)
            const current = session.id === currentSessionId
            return (
              <li
                key={session.id}
                className={cn(
                  'group relative flex items-center rounded-md transition-colors',
                  current ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                )}
              >
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onSelect(session.id)}
                  className="min-w-0 flex-1 rounded-md py-2 ps-3 pe-1 text-start focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className={cn('block truncate text-sm', current && 'font-medium')}>
                    {title}
                  </span>{' '}
                  <span className="block truncate text-xs text-muted-foreground">
                    {t('session.meta', {
                      count: session.messages.length,
                      // Today's sessions by time, older ones by date.
                      time: formatTimeOrDay(session.updatedAt, language),
                    })}
                  </span>
                </button>
                {/* Always there on touch screens; on hover or focus with a mouse. */}
                <div className="flex shrink-0 items-center pe-1 pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100">
                  <Button
                    variant="ghost"
                    size="xs"
                    iconOnly
                    aria-label={t('session.rename', { title })}
                    title={t('session.renameShort')}
                    onClick={() => setRenaming({ id: session.id, title })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="destructive-ghost"
                    size="xs"
                    iconOnly
                    aria-label={t('session.delete', { title })}
                    title={t('session.deleteShort')}
                    onClick={() => onDelete(session)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <div className="grid shrink-0 gap-1 border-t p-2">
        <div className="grid grid-cols-2 gap-1">
          <Button variant="ghost" size="sm" onClick={onExport} disabled={sessions.length === 0}>
            <Download aria-hidden="true" />
            {t('history.export')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden="true" />
            {t('history.import')}
          </Button>
        </div>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('history.importFile')}
          onChange={onFile}
        />
        <Button variant="destructive-ghost" size="sm" onClick={onClearAll}>
          <Trash2 aria-hidden="true" />
          {t('history.clearAll')}
        </Button>
      </div>

      {renaming && (
        <RenameDialog
          initialTitle={renaming.title}
          onClose={() => setRenaming(null)}
          onRename={(title) => onRename(renaming.id, title)}
        />
      )}
    </div>
  )
}
