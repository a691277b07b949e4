import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils.ts'
import { utf8Bytes } from './menu-model.ts'

/** "12/16 bytes", in the error colour once the value is longer than WeChat allows. */
export function ByteCounter({ value, limit }: { value: string; limit: number }) {
  const { t } = useTranslation('admin')
  const used = utf8Bytes(value)
  const over = used > limit
  return (
    <span
      data-over={over || undefined}
      className={cn('tabular-nums', over ? 'font-medium text-error' : 'text-muted-foreground')}
    >
      {t('menu.bytes', { used, limit })}
      {over && <span className="sr-only"> {t('menu.bytesOver')}</span>}
    </span>
  )
}
