import { atom, useAtom } from 'jotai'
import { Bot, History, LogIn, Plus, Trash2, X } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useConfirm } from '@/lib/confirm.ts'
import { i18n } from '@/lib/i18n.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { useAiModels } from '../api/list-models.ts'
import { modelLabel, resolveModel, type AiChatSession } from '../model.ts'
import { useAiChat, type AiChatError } from '../store.ts'
import { ChatInput } from './chat-input.tsx'
import { ConversationList } from './conversation-list.tsx'
import { downloadText, exportFileName, sessionTitle } from './display.ts'
import { preloadMarkdown } from '@/lib/markdown/lazy.ts'
import { MessageList } from './message-list.tsx'
import { ModelPicker } from './model-picker.tsx'
import { useCopyText } from '@/lib/clipboard.ts'
import { NARROW_QUERY, useMediaQuery } from '@/lib/media-query.ts'

/** What is typed but not sent yet; it outlives closing the modal. */
const draftAtom = atom('')

/** The text of an error the store or an import reported: its i18n key, else a generic one. */
function errorText(error: Partial<AiChatError>): string {
  return error.key && i18n.exists(error.key)
    ? i18n.t(error.key as 'ai:storage.save', error.params)
    : i18n.t('ai:errors.unknown')
}

interface AiAssistantModalProps {
  onClose: () => void
}

/**
 * The AI assistant (spec §2.5): conversations on the start side (a slide-over on phones), the
 * chosen one's messages and the input on the other. Rendered only while open, so every
 * opening runs the store's open step, focuses the input and starts at the bottom.
 */
export function AiAssistantModal({ onClose }: AiAssistantModalProps) {
  const { t, i18n: instance } = useTranslation('ai')
  const { t: tc } = useTranslation()
  const language = instance.resolvedLanguage === 'zh' ? 'zh' : 'en'
  const chat = useAiChat()
  const models = useAiModels()
  const { user } = useSession()
  const { openLogin } = useLoginDialog()
  const confirm = useConfirm()
  const toast = useToast()
  const copyText = useCopyText()
  const narrow = useMediaQuery(NARROW_QUERY)
  const [draft, setDraft] = useAtom(draftAtom)
  const [historyOpen, setHistoryOpen] = useState(false)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const historyButtonRef = useRef<HTMLButtonElement>(null)
  const newButtonRef = useRef<HTMLButtonElement>(null)
  const loginButtonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()

  const { currentSession, lastError, dismissError, onModalOpen, selectedModel, setSelectedModel } =
    chat
  const messages = currentSession?.messages ?? []

  // Every opening (spec §2.5, §4.5); the message list then mounts at its bottom.
  useEffect(() => {
    preloadMarkdown()
    void onModalOpen()
  }, [onModalOpen])

  useEffect(() => {
    if (!lastError) return
    toast.error(errorText(lastError))
    dismissError()
  }, [lastError, dismissError, toast])

  // A model the server does not offer (any more) gives way to its default.
  const model = models.isPending
    ? selectedModel
    : resolveModel(selectedModel, models.models, models.defaultModel)
  useEffect(() => {
    if (model !== selectedModel) setSelectedModel(model)
  }, [model, selectedModel, setSelectedModel])

  // The slide-over takes the focus when it opens on a phone and gives it back when it closes.
  const drawerOpen = narrow && historyOpen
  const drawerWasOpen = useRef(false)
  useEffect(() => {
    if (drawerOpen) newButtonRef.current?.focus()
    else if (drawerWasOpen.current) historyButtonRef.current?.focus()
    drawerWasOpen.current = drawerOpen
  }, [drawerOpen])

  const signInNeeded = models.signInRequired && !user
  const canChat = models.available && !signInNeeded

  // The input, focused on opening, turns disabled once the models say chatting needs a sign-in
  // (or is off), and a disabled element drops the focus out of the dialog: it goes to the
  // notice's Log in button, else the first control.
  useEffect(() => {
    const active = document.activeElement
    if (canChat || (active !== document.body && active !== textareaRef.current)) return
    const dialog = textareaRef.current?.closest<HTMLElement>('[role="dialog"]')
    ;(
      loginButtonRef.current ?? dialog?.querySelector<HTMLElement>('button:not(:disabled)')
    )?.focus()
  }, [canChat])

  const currentTitle = currentSession ? sessionTitle(currentSession.title, t) : t('session.fresh')

  const closeHistory = () => setHistoryOpen(false)

  const send = (text: string) => {
    setDraft('')
    void chat.send(text)
  }

  const fillExample = (text: string) => {
    setDraft(text)
    textareaRef.current?.focus()
  }

  const onCopy = useCallback((text: string) => void copyText(text), [copyText])
  const { regenerate } = chat
  const onRegenerate = useCallback(() => void regenerate(), [regenerate])

  const selectSession = (id: string) => {
    chat.switchSession(id)
    closeHistory()
  }

  const newSession = () => {
    void chat.newSession()
    closeHistory()
    textareaRef.current?.focus()
  }

  const askDelete = (session: AiChatSession) =>
    confirm({
      title: t('confirm.delete.title'),
      description: t('confirm.delete.description', { title: sessionTitle(session.title, t) }),
      confirmLabel: t('confirm.delete.action'),
      destructive: true,
      onConfirm: () => chat.deleteSession(session.id),
    })

  const askClearAll = () =>
    confirm({
      title: t('confirm.clearAll.title'),
      description: t('confirm.clearAll.description'),
      confirmLabel: t('confirm.clearAll.action'),
      destructive: true,
      onConfirm: () => chat.clearAll(),
    })

  const askClearCurrent = () =>
    confirm({
      title: t('confirm.clearCurrent.title'),
      description: t('confirm.clearCurrent.description', { title: currentTitle }),
      confirmLabel: t('confirm.clearCurrent.action'),
      destructive: true,
      onConfirm: () => chat.clearCurrent(),
    })

  const exportAll = () => downloadText(chat.exportJson(), exportFileName(new Date()))

  const importFile = async (file: File) => {
    try {
      const { imported } = await chat.importJson(await file.text())
      toast.success(t('import.done', { count: imported }))
    } catch (error) {
      console.error('Importing chats failed', error)
      toast.error(errorText(error instanceof Error ? (error as Partial<AiChatError>) : {}))
    }
  }

  // Escape folds the phone's slide-over before it closes the modal (stopping it keeps the
  // modal open, see <Modal>).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && drawerOpen) {
      event.stopPropagation()
      closeHistory()
    }
  }

  const clearCurrentButton = () =>
    messages.length > 0 && (
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label={t('session.clearCurrent')}
        title={t('session.clearCurrent')}
        onClick={askClearCurrent}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    )

  return (
    <Modal
      open
      bare
      size="xl"
      onClose={onClose}
      title={t('title')}
      initialFocusRef={textareaRef}
      className="h-[80vh] md:h-[85vh] md:max-h-[600px]"
    >
      <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
        <header className="flex h-14 shrink-0 items-center gap-2 border-b ps-4 pe-2 md:pe-3">
          <Bot aria-hidden="true" className="hidden size-5 text-primary sm:block" />
          <h2 className="shrink-0 text-base font-semibold">{t('title')}</h2>
          <div className="ms-auto flex min-w-0 items-center gap-1">
            <div className="min-w-0">
              <ModelPicker
                models={models.models}
                value={selectedModel}
                onChange={setSelectedModel}
              />
            </div>
            {/* Phones have it in the sub-header. */}
            {!narrow && clearCurrentButton()}
            <Button
              ref={historyButtonRef}
              variant="ghost"
              iconOnly
              className="md:hidden"
              aria-label={t('history.open')}
              aria-expanded={historyOpen}
              aria-controls={listId}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              <History aria-hidden="true" />
            </Button>
            <Button variant="ghost" iconOnly aria-label={tc('actions.close')} onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </div>
        </header>

        <div className="relative flex min-h-0 flex-1">
          {historyOpen && (
            <div
              aria-hidden="true"
              className="absolute inset-0 z-10 animate-fade-in bg-backdrop md:hidden"
              onClick={closeHistory}
            />
          )}
          <aside
            id={listId}
            aria-label={t('history.title')}
            data-state={historyOpen ? 'open' : 'closed'}
            inert={narrow && !historyOpen ? true : undefined}
            className={cn(
              'flex shrink-0 flex-col border-e bg-card md:w-64',
              // Phones: a slide-over from the start side.
              'max-md:absolute max-md:inset-y-0 max-md:start-0 max-md:z-20 max-md:w-72 max-md:max-w-[85%] max-md:shadow-xl max-md:duration-200',
              // Visible at once when it opens (a hidden element cannot take the focus it is
              // given); still visible while it slides out.
              historyOpen
                ? 'max-md:transition-[translate]'
                : 'max-md:invisible max-md:transition-[translate,visibility] max-md:ltr:-translate-x-full max-md:rtl:translate-x-full',
            )}
          >
            <ConversationList
              sessions={chat.sessions}
              currentSessionId={chat.currentSessionId}
              language={language}
              onSelect={selectSession}
              onNew={newSession}
              onRename={(id, title) => void chat.renameSession(id, title)}
              onDelete={askDelete}
              onClearAll={askClearAll}
              onExport={exportAll}
              onImport={(file) => void importFile(file)}
              newButtonRef={newButtonRef}
            />
          </aside>

          {/* Behind the phone's slide-over and its backdrop: out of reach of Tab meanwhile. */}
          <section
            aria-label={currentTitle}
            inert={drawerOpen || undefined}
            className="flex min-w-0 flex-1 flex-col"
          >
            <div className="flex shrink-0 items-center gap-2 border-b py-1.5 ps-4 pe-2 md:hidden">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{currentTitle}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {t('session.summary', { count: messages.length, model: modelLabel(model) })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={t('session.new')}
                title={t('session.new')}
                onClick={newSession}
              >
                <Plus aria-hidden="true" />
              </Button>
              {clearCurrentButton()}
            </div>

            {(!chat.storageAvailable || !models.available || signInNeeded) && (
              <div className="grid shrink-0 gap-2 px-3 pt-3 md:px-5">
                {!models.available && <Alert tone="warning">{t('notice.notConfigured')}</Alert>}
                {models.available && signInNeeded && (
                  <Alert tone="info" className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <span className="flex-1">{t('notice.signIn')}</span>
                    <Button ref={loginButtonRef} size="xs" variant="secondary" onClick={openLogin}>
                      <LogIn aria-hidden="true" />
                      {tc('account.login')}
                    </Button>
                  </Alert>
                )}
                {!chat.storageAvailable && (
                  <Alert tone="warning">{t('notice.storageUnavailable')}</Alert>
                )}
              </div>
            )}

            {chat.ready ? (
              <MessageList
                sessionId={currentSession?.id}
                messages={messages}
                isLoading={chat.isLoading}
                language={language}
                pullEnabled={narrow && !historyOpen}
                onPull={() => setHistoryOpen(true)}
                onCopy={onCopy}
                onRegenerate={onRegenerate}
                onExample={fillExample}
              />
            ) : (
              <div className="flex flex-1 items-center justify-center text-muted-foreground">
                <Spinner className="size-5" />
                <span className="sr-only">{tc('loading')}</span>
              </div>
            )}

            <ChatInput
              value={draft}
              onChange={setDraft}
              onSend={send}
              onStop={chat.stop}
              isLoading={chat.isLoading}
              enabled={canChat}
              narrow={narrow}
              textareaRef={textareaRef}
            />
          </section>
        </div>
      </div>
    </Modal>
  )
}
