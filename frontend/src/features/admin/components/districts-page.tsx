import { Plus, Search, X } from 'lucide-react'
import { useDeferredValue, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardTitle } from '@/components/ui/card.tsx'
import { Input } from '@/components/ui/input.tsx'
import type { District } from '@/lib/api/types.ts'
import { DistrictDialog } from './district-dialog.tsx'
import { DistrictImportPanel } from './district-import.tsx'
import { DistrictSearchResults, DistrictTree } from './district-tree.tsx'

/** The editing dialog's state: closed, adding, or editing a district. */
type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; district: District }

/**
 * The district administration: browse the tree or search it, edit or add one, import a file
 * (dry run first, then all or nothing) and export every district.
 */
export function DistrictsPage() {
  const { t } = useTranslation('districts')
  const searchId = useId()
  const [q, setQ] = useState('')
  const deferredQ = useDeferredValue(q.trim())
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' })
  const onEdit = (district: District) => setEditing({ mode: 'edit', district })

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Card className="grid min-w-0 gap-4">
          <CardTitle>{t('browse.title')}</CardTitle>
          <div className="grid gap-1.5">
            <label htmlFor={searchId} className="text-sm font-medium">
              {t('browse.searchLabel')}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={searchId}
                type="search"
                value={q}
                onChange={(event) => setQ(event.target.value)}
                placeholder={t('browse.searchPlaceholder')}
                maxLength={40}
                autoComplete="off"
                className="pr-10 pl-9"
              />
              {q !== '' && (
                <Button
                  variant="ghost"
                  size="sm"
                  iconOnly
                  className="absolute top-1/2 right-1 -translate-y-1/2"
                  aria-label={t('browse.clearSearch')}
                  onClick={() => setQ('')}
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
          </div>
          {deferredQ ? (
            <DistrictSearchResults q={deferredQ} onEdit={onEdit} />
          ) : (
            <DistrictTree onEdit={onEdit} />
          )}
        </Card>
        <DistrictImportPanel />
      </div>
      {editing.mode !== 'closed' && (
        <DistrictDialog
          key={editing.mode === 'edit' ? editing.district.code : 'add'}
          district={editing.mode === 'edit' ? editing.district : null}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
    </div>
  )
}
