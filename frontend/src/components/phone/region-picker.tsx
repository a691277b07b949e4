import { Check, ChevronDown, Search } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '@/components/ui/modal.tsx'
import { Input } from '@/components/ui/input.tsx'
import { PHONE_REGIONS, searchPhoneRegions } from '@/lib/phone.ts'
import type { PhonePrefix } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'

interface RegionPickerProps {
  value: PhonePrefix
  onChange: (prefix: PhonePrefix) => void
  disabled?: boolean
}

/**
 * The phone-region button (it shows the prefix) and the picker it opens (spec §2.3): a modal on
 * the modal stack, above the login dialog, with a search over region names and codes.
 */
export function RegionPicker({ value, onChange, disabled }: RegionPickerProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const region = PHONE_REGIONS.find((candidate) => candidate.prefix === value) ?? PHONE_REGIONS[0]
  const name = region ? t(`phone.regions.${region.nameKey}`) : ''

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('phone.regionButton', { name, prefix: value })}
        className="inline-flex h-10 shrink-0 cursor-pointer items-center gap-1 rounded-md border border-input bg-background px-3 text-base font-medium tabular-nums shadow-xs transition-colors hover:bg-accent focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
      >
        +{value}
        <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
      </button>
      <RegionPickerModal
        open={open}
        value={value}
        onClose={() => setOpen(false)}
        onSelect={(prefix) => {
          onChange(prefix)
          setOpen(false)
        }}
      />
    </>
  )
}

interface RegionPickerModalProps {
  open: boolean
  value: PhonePrefix
  onClose: () => void
  onSelect: (prefix: PhonePrefix) => void
}

function RegionPickerModal({ open, value, onClose, onSelect }: RegionPickerModalProps) {
  const { t } = useTranslation()
  return (
    <Modal open={open} onClose={onClose} title={t('phone.picker.title')} size="sm">
      {/* Mounted only while open, so every opening starts with an empty search. */}
      <RegionSearch value={value} onSelect={onSelect} />
    </Modal>
  )
}

function RegionSearch({
  value,
  onSelect,
}: {
  value: PhonePrefix
  onSelect: (prefix: PhonePrefix) => void
}) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const regions = searchPhoneRegions(query)

  return (
    <div className="grid gap-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t('phone.picker.search')}
          placeholder={t('phone.picker.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter picks the only match.
            if (event.key === 'Enter' && regions.length === 1 && regions[0]) {
              event.preventDefault()
              onSelect(regions[0].prefix)
            }
          }}
          className="ps-9"
        />
      </div>
      {regions.length === 0 ? (
        <p role="status" className="px-1 py-6 text-center text-sm text-muted-foreground">
          {t('phone.picker.empty', { query: query.trim() })}
        </p>
      ) : (
        <ul aria-label={t('phone.picker.list')} className="grid gap-1">
          {regions.map((region) => {
            const selected = region.prefix === value
            const name = t(`phone.regions.${region.nameKey}`)
            return (
              <li key={region.prefix}>
                <button
                  type="button"
                  aria-label={`${name} +${region.prefix}`}
                  aria-current={selected || undefined}
                  onClick={() => onSelect(region.prefix)}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-start text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    selected && 'bg-accent font-medium',
                  )}
                >
                  <span className="min-w-0 flex-1">{name}</span>
                  <span className="text-muted-foreground tabular-nums">+{region.prefix}</span>
                  <Check
                    aria-hidden="true"
                    className={cn('size-4 text-primary', !selected && 'invisible')}
                  />
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
