import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Select } from '@/components/ui/select.tsx'
import { displayLanguage } from '@/lib/i18n.ts'
import { useSession } from '@/lib/session.ts'
import { useMyGroups } from '../api/list-my-groups.ts'
import { useProvinces } from '../api/list-provinces.ts'
import { TAB_FILTERS } from '../search-query.ts'
import { SINCE_OPTIONS, type SearchParams, type SearchTab, type Since } from '../search-params.ts'

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <div className="grid min-w-36 flex-1 gap-1.5 sm:max-w-56">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  )
}

/**
 * The filters of one tab (`TAB_FILTERS`): time for posts, articles and replies; the province for
 * posts; the group for articles and replies, among the viewer's groups (signed out there are
 * none to offer: shown only to clear a group the address names). Each change is a new address.
 */
export function SearchFilters({
  tab,
  search,
  onChange,
}: {
  tab: SearchTab
  search: SearchParams
  onChange: (patch: Partial<SearchParams>) => void
}) {
  const { t } = useTranslation('search')
  const { user } = useSession()
  const applies = TAB_FILTERS[tab]
  const byDistrict = applies.includes('district')
  const byGroup = applies.includes('group') && (user !== null || search.group !== undefined)
  const provinces = useProvinces(byDistrict)
  const groups = useMyGroups(byGroup && user !== null)
  if (applies.length === 0) return null

  const isSince = (value: string): value is Since =>
    (SINCE_OPTIONS as readonly string[]).includes(value)
  const provinceList = provinces.data ?? []
  const groupList = groups.data ?? []
  const active = applies.some((filter) => search[filter] !== undefined)
  const zh = displayLanguage() === 'zh'

  return (
    <div role="group" aria-label={t('filters.label')} className="flex flex-wrap items-end gap-3">
      {applies.includes('since') && (
        <FilterSelect
          id={`search-since-${tab}`}
          label={t('filters.since')}
          value={search.since ?? ''}
          onChange={(value) => onChange({ since: isSince(value) ? value : undefined })}
        >
          <option value="">{t('filters.anyTime')}</option>
          {SINCE_OPTIONS.map((since) => (
            <option key={since} value={since}>
              {t(`filters.${since}`)}
            </option>
          ))}
        </FilterSelect>
      )}
      {byDistrict && (
        <FilterSelect
          id={`search-district-${tab}`}
          label={t('filters.province')}
          value={search.district ?? ''}
          onChange={(value) => onChange({ district: value || undefined })}
        >
          <option value="">{t('filters.allProvinces')}</option>
          {/* A district from the address that is not a province (a city) still shows as chosen. */}
          {search.district &&
            !provinceList.some((province) => province.code === search.district) && (
              <option value={search.district}>{search.district}</option>
            )}
          {provinceList.map((province) => (
            <option key={province.code} value={province.code}>
              {zh ? province.nameZh : province.nameEn}
            </option>
          ))}
        </FilterSelect>
      )}
      {byGroup && (
        <FilterSelect
          id={`search-group-${tab}`}
          label={t('filters.group')}
          value={search.group ?? ''}
          onChange={(value) => onChange({ group: value || undefined })}
        >
          <option value="">{t('filters.allGroups')}</option>
          {search.group && !groupList.some((group) => group.id === search.group) && (
            <option value={search.group}>{t('filters.chosenGroup')}</option>
          )}
          {groupList.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </FilterSelect>
      )}
      {active && (
        <Button
          variant="ghost"
          onClick={() => onChange(Object.fromEntries(applies.map((filter) => [filter, undefined])))}
        >
          {t('filters.clear')}
        </Button>
      )}
    </div>
  )
}
