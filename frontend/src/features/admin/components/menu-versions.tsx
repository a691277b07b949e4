import { Braces, History, RotateCcw, Upload } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useWechatMenuVersions } from '../api/list-wechat-menu-versions.ts'
import type { MenuVersion } from '@/lib/api/types.ts'
import { ApiErrorAlert } from './api-error-alert.tsx'
import { versionLabel } from './menu-model.ts'
import { formatDateTime } from '@/lib/format.ts'

interface MenuVersionsProps {
  disabled?: boolean
  onLoad: (version: MenuVersion) => void
  onRollback: (version: MenuVersion) => void
}

/** Every published menu, newest first: look at its JSON, load it into the editor, roll back. */
export function MenuVersions({ disabled = false, onLoad, onRollback }: MenuVersionsProps) {
  const { t } = useTranslation('admin')
  const versions = useWechatMenuVersions()
  const [viewing, setViewing] = useState<MenuVersion | null>(null)

  return (
    <Card aria-labelledby="menu-versions-title">
      <div className="flex items-center gap-2">
        <History aria-hidden="true" className="size-5 text-muted-foreground" />
        <CardTitle id="menu-versions-title">{t('menu.versions.title')}</CardTitle>
      </div>
      <CardDescription>{t('menu.versions.description')}</CardDescription>
      <div className="mt-5">
        {versions.isPending ? (
          <Spinner className="size-5 text-muted-foreground" />
        ) : versions.isError ? (
          <ApiErrorAlert
            error={versions.error}
            title={t('menu.versions.loadFailed')}
            onRetry={() => void versions.refetch()}
          />
        ) : versions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('menu.versions.empty')}</p>
        ) : (
          <ol className="divide-y rounded-lg border" aria-label={t('menu.versions.title')}>
            {versions.data.map((version, index) => {
              const label = versionLabel(version.id)
              return (
                <li
                  key={version.id}
                  aria-label={t('menu.versions.number', { id: label })}
                  className="flex flex-col gap-3 p-3 md:p-4 lg:flex-row lg:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-medium">#{label}</span>
                      {index === 0 && <Badge tone="success">{t('menu.versions.latest')}</Badge>}
                      {version.rolledBackFrom && (
                        <Badge tone="info">
                          <RotateCcw aria-hidden="true" className="size-3" />
                          {t('menu.versions.rolledBackFrom', {
                            id: versionLabel(version.rolledBackFrom),
                          })}
                        </Badge>
                      )}
                    </p>
                    <p className="mt-1 text-sm text-muted-foreground">
                      <time dateTime={version.publishedAt}>
                        {formatDateTime(version.publishedAt)}
                      </time>
                      {' · '}
                      {t('menu.versions.by', { user: version.publishedBy })}
                      {' · '}
                      {t('menu.versions.buttonCount', { count: version.menu.button.length })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1.5">
                    <Button variant="ghost" size="sm" onClick={() => setViewing(version)}>
                      <Braces aria-hidden="true" className="max-md:hidden" />
                      {t('menu.versions.viewJson')}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={disabled}
                      onClick={() => onLoad(version)}
                    >
                      <Upload aria-hidden="true" className="max-md:hidden" />
                      {t('menu.versions.load')}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={disabled}
                      onClick={() => onRollback(version)}
                    >
                      <RotateCcw aria-hidden="true" className="max-md:hidden" />
                      {t('menu.versions.rollback')}
                    </Button>
                  </div>
                </li>
              )
            })}
          </ol>
        )}
      </div>
      <Modal
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('menu.versions.jsonTitle', { id: viewing ? versionLabel(viewing.id) : '' })}
        size="lg"
      >
        {viewing && (
          <>
            <pre
              tabIndex={0}
              className="max-h-[60vh] overflow-auto rounded-lg border bg-muted p-3 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {JSON.stringify(viewing.menu, null, 2)}
            </pre>
            <div className="mt-4 flex flex-col-reverse gap-2 md:flex-row md:justify-end">
              <Button variant="outline" onClick={() => setViewing(null)}>
                {t('common.close')}
              </Button>
              <Button
                disabled={disabled}
                onClick={() => {
                  const version = viewing
                  setViewing(null)
                  onLoad(version)
                }}
              >
                <Upload aria-hidden="true" />
                {t('menu.versions.load')}
              </Button>
            </div>
          </>
        )}
      </Modal>
    </Card>
  )
}
