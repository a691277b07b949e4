import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { buttonVariants } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { logoDataUrl, logoFileName, WORDMARK_WIDTH, type LogoFile } from './logo-files.ts'
import { cn } from '@/lib/utils.ts'

export type LogoPageId = 'preview1' | 'version1' | 'version2'
type VariantId = 'icon' | 'icon-maskable' | 'mark' | 'wordmark'
type Background = 'light' | 'dark'

interface Variant {
  id: VariantId
  /** The file shown on (and offered for) each background; the same file when it suits both. */
  files: Record<Background, LogoFile>
  /** Heights in CSS pixels. */
  sizes: readonly number[]
  /** Width over height. */
  aspect: number
}

const ICON_SIZES = [16, 32, 64, 128, 256] as const

/** What each of the three logo pages shows. */
const PAGES: Record<LogoPageId, readonly Variant[]> = {
  preview1: [
    { id: 'icon', files: { light: 'icon', dark: 'icon' }, sizes: ICON_SIZES, aspect: 1 },
    {
      id: 'icon-maskable',
      files: { light: 'icon-maskable', dark: 'icon-maskable' },
      sizes: ICON_SIZES,
      aspect: 1,
    },
  ],
  version1: [
    { id: 'mark', files: { light: 'mark', dark: 'mark-on-dark' }, sizes: ICON_SIZES, aspect: 1 },
  ],
  version2: [
    {
      id: 'wordmark',
      files: { light: 'wordmark', dark: 'wordmark-on-dark' },
      sizes: [16, 32, 64, 128],
      aspect: WORDMARK_WIDTH / 64,
    },
  ],
}

const PANEL_CLASSES: Record<Background, string> = {
  light: 'border-neutral-200 bg-white text-neutral-600',
  dark: 'border-neutral-800 bg-neutral-950 text-neutral-400',
}

/** One of `/admin/logo/{preview1,version1,version2}`: the mark's variants, sizes and downloads. */
export function LogoPage({ page }: { page: LogoPageId }) {
  const { t } = useTranslation('logo')
  return (
    <div className="grid gap-6">
      <PageHeader title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} />
      {PAGES[page].map((variant) => (
        <VariantCard key={variant.id} variant={variant} />
      ))}
    </div>
  )
}

function VariantCard({ variant }: { variant: Variant }) {
  const { t } = useTranslation('logo')
  const name = t(`variants.${variant.id}.name`)
  const shared = variant.files.light === variant.files.dark
  return (
    <Card aria-labelledby={`logo-${variant.id}`} className="grid gap-4">
      <div>
        <CardTitle id={`logo-${variant.id}`}>{name}</CardTitle>
        <CardDescription>{t(`variants.${variant.id}.description`)}</CardDescription>
        <CardDescription>{t(`variants.${variant.id}.usage`)}</CardDescription>
        {variant.id === 'wordmark' && <CardDescription>{t('fontNote')}</CardDescription>}
      </div>
      {(['light', 'dark'] as const).map((background) => (
        <div key={background} className="grid gap-2">
          <SizePanel variant={variant} name={name} background={background} />
          {!shared && (
            <DownloadLink
              file={variant.files[background]}
              text={t('downloadFor', { background: t(`backgrounds.${background}`) })}
              label={t('downloadForLabel', {
                background: t(`backgrounds.${background}`),
                name,
                file: logoFileName(variant.files[background]),
              })}
            />
          )}
        </div>
      ))}
      {shared && (
        <DownloadLink
          file={variant.files.light}
          text={t('download')}
          label={t('downloadLabel', { name, file: logoFileName(variant.files.light) })}
        />
      )}
    </Card>
  )
}

/** The variant at each of its sizes on a fixed light or dark surface (whatever the theme). */
function SizePanel({
  variant,
  name,
  background,
}: {
  variant: Variant
  name: string
  background: Background
}) {
  const { t } = useTranslation('logo')
  const src = logoDataUrl(variant.files[background])
  return (
    <figure
      className={cn('overflow-x-auto rounded-lg border p-4', PANEL_CLASSES[background])}
      data-background={background}
    >
      <figcaption className="mb-3 text-xs font-medium">
        {background === 'light' ? t('onLight') : t('onDark')}
      </figcaption>
      <ul className="flex flex-wrap items-end gap-x-6 gap-y-4">
        {variant.sizes.map((size) => (
          <li key={size} className="flex flex-col items-center gap-1.5">
            <img
              src={src}
              width={Math.round(size * variant.aspect)}
              height={size}
              alt={t('alt', { name, size, background: t(`backgrounds.${background}`) })}
              className="max-w-none"
            />
            <span className="text-xs tabular-nums" aria-hidden="true">
              {t('size', { size })}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}

/** A real file download: a link to the SVG's data URL with the file name to save it as. */
function DownloadLink({ file, text, label }: { file: LogoFile; text: string; label: string }) {
  return (
    <a
      href={logoDataUrl(file)}
      download={logoFileName(file)}
      aria-label={label}
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'justify-self-start')}
    >
      <Download aria-hidden="true" />
      {text}
    </a>
  )
}
