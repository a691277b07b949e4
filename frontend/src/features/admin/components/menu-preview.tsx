import { ChevronLeft, Keyboard, Menu as MenuIcon, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils.ts'
import type { EditorAction, EditorMenu } from './menu-model.ts'

function findNode(menu: EditorMenu, id: string | null) {
  if (!id) return null
  for (const button of menu) {
    if (button.id === id) return button
    const sub = button.subButtons.find((item) => item.id === id)
    if (sub) return sub
  }
  return null
}

/**
 * The menu as a follower sees it at the bottom of the Official Account's chat: the keyboard
 * toggle and up to three buttons; a parent opens its sub-menu above it. Tapping an action says
 * what it would do.
 */
export function MenuPreview({ menu }: { menu: EditorMenu }) {
  const { t } = useTranslation('admin')
  const [openId, setOpenId] = useState<string | null>(null)
  const [chosenId, setChosenId] = useState<string | null>(null)
  const open = menu.find((button) => button.id === openId && button.kind === 'parent')
  const chosen = findNode(menu, chosenId)

  const describe = (action: EditorAction): string => {
    if (action.type === 'click' && action.key) return t('menu.preview.click', { key: action.key })
    if (action.type === 'view' && action.url) return t('menu.preview.view', { url: action.url })
    if (action.type === 'miniprogram' && action.appid)
      return t('menu.preview.miniprogram', { appid: action.appid })
    return t('menu.preview.incomplete')
  }

  return (
    <section aria-labelledby="menu-preview-title" className="grid gap-3">
      <h2 id="menu-preview-title" className="text-lg font-semibold">
        {t('menu.preview.title')}
      </h2>
      <div className="mx-auto w-full max-w-[300px] overflow-hidden rounded-[2rem] border-[6px] border-muted-foreground/25 bg-muted shadow-md">
        <div className="flex h-11 items-center border-b bg-card px-2 text-sm font-medium">
          <ChevronLeft aria-hidden="true" className="size-5 text-muted-foreground" />
          <span className="flex-1 truncate text-center">{t('menu.preview.account')}</span>
          <UserRound aria-hidden="true" className="size-5 text-muted-foreground" />
        </div>
        <div className="relative h-64 px-3 py-4">
          <div className="flex items-start gap-2">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-foreground">
              {t('menu.preview.avatar')}
            </span>
            <p className="rounded-lg bg-card px-3 py-2 text-sm shadow-xs">
              {t('menu.preview.welcome')}
            </p>
          </div>
        </div>
        <div
          className="relative flex h-12 border-t bg-card text-sm"
          role="toolbar"
          aria-label={t('menu.preview.bar')}
        >
          <span className="flex w-11 shrink-0 items-center justify-center border-e text-muted-foreground">
            <Keyboard aria-hidden="true" className="size-5" />
          </span>
          {menu.length === 0 && (
            <span className="flex flex-1 items-center justify-center text-xs text-muted-foreground">
              {t('menu.preview.empty')}
            </span>
          )}
          {menu.map((button) => (
            <div key={button.id} className="relative flex min-w-0 flex-1 border-e last:border-e-0">
              <button
                type="button"
                aria-expanded={button.kind === 'parent' ? open?.id === button.id : undefined}
                onClick={() => {
                  if (button.kind === 'parent') {
                    setOpenId(open?.id === button.id ? null : button.id)
                    setChosenId(null)
                  } else {
                    setOpenId(null)
                    setChosenId(button.id)
                  }
                }}
                className={cn(
                  'flex min-w-0 flex-1 items-center justify-center gap-1 px-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  (open?.id === button.id || chosenId === button.id) && 'bg-accent',
                )}
              >
                {button.kind === 'parent' && (
                  <MenuIcon aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
                )}
                <span className={cn('truncate', !button.name.trim() && 'text-muted-foreground')}>
                  {button.name.trim() || t('menu.preview.unnamed')}
                </span>
              </button>
              {open?.id === button.id && (
                <ul className="absolute start-1/2 bottom-full z-10 mb-2 w-[115%] max-w-[10rem] min-w-[6.5rem] -translate-x-1/2 divide-y rounded-md border bg-popover text-popover-foreground shadow-lg rtl:translate-x-1/2">
                  {button.subButtons.map((sub) => (
                    <li key={sub.id}>
                      <button
                        type="button"
                        onClick={() => setChosenId(sub.id)}
                        className={cn(
                          'block w-full truncate px-2 py-2.5 text-center hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                          chosenId === sub.id && 'bg-accent',
                          !sub.name.trim() && 'text-muted-foreground',
                        )}
                      >
                        {sub.name.trim() || t('menu.preview.unnamed')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      </div>
      <p
        aria-live="polite"
        className="min-h-10 text-center text-sm break-all text-muted-foreground"
      >
        {chosen ? describe(chosen) : t('menu.preview.hint')}
      </p>
    </section>
  )
}
