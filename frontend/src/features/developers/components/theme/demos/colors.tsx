import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** The theme colours of spec §9, each with its CSS variable and the tints that go with it. */
const THEME_COLORS = [
  { key: 'primary', variable: '--primary', extra: ['--primary-hover', '--primary-foreground'] },
  {
    key: 'secondary',
    variable: '--secondary',
    extra: ['--secondary-hover', '--secondary-foreground'],
  },
  { key: 'success', variable: '--success', extra: ['--success-soft'] },
  { key: 'info', variable: '--info', extra: ['--info-soft'] },
  { key: 'warning', variable: '--warning', extra: ['--warning-soft'] },
  { key: 'error', variable: '--error', extra: ['--error-soft', '--error-hover'] },
  { key: 'neutral', variable: '--muted-foreground', extra: ['--foreground', '--muted'] },
] as const

/** Surfaces and lines, all slate (the neutral of spec §9). */
const SURFACES = [
  '--background',
  '--foreground',
  '--card',
  '--popover',
  '--muted',
  '--muted-foreground',
  '--accent',
  '--border',
  '--input',
  '--ring',
] as const

/** The variable's current value, re-read when the colour mode flips the `dark` class. */
function useCssVariable(name: string): string {
  const read = () => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  const [value, setValue] = useState(read)
  useEffect(() => {
    const observer = new MutationObserver(() => setValue(read()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => observer.disconnect()
    // `read` only depends on `name`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name])
  return value
}

function Swatch({
  variable,
  label,
  compact = false,
}: {
  variable: string
  label?: string
  compact?: boolean
}) {
  const value = useCssVariable(variable)
  if (compact) {
    return (
      <figure className="flex items-center gap-2" title={value}>
        <div
          className="size-6 shrink-0 rounded-md border"
          style={{ background: `var(${variable})` }}
        />
        <figcaption className="min-w-0 font-mono text-xs break-all">var({variable})</figcaption>
      </figure>
    )
  }
  return (
    <figure className="grid gap-1.5">
      <div className="h-14 rounded-lg border" style={{ background: `var(${variable})` }} />
      <figcaption className="grid min-w-0 text-xs">
        {label && <span className="text-sm font-medium">{label}</span>}
        <code className="font-mono break-all">var({variable})</code>
        <code className="font-mono break-all text-muted-foreground">{value}</code>
      </figcaption>
    </figure>
  )
}

export function PaletteDemo() {
  const { t } = useTranslation('developers')
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4">
      {THEME_COLORS.map((color) => (
        <li key={color.key} className="grid gap-3">
          <Swatch variable={color.variable} label={t(`theme.colors.${color.key}`)} />
          <div className="grid gap-1.5">
            {color.extra.map((variable) => (
              <Swatch key={variable} variable={variable} compact />
            ))}
          </div>
        </li>
      ))}
    </ul>
  )
}

export function SurfacesDemo() {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {SURFACES.map((variable) => (
        <li key={variable}>
          <Swatch variable={variable} />
        </li>
      ))}
    </ul>
  )
}
