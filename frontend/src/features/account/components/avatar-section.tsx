import { Camera, Trash2 } from 'lucide-react'
import { useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useToast } from '@/lib/toast.ts'
import type { UploadProgress } from '@/lib/upload.ts'
import { userInitials, type User } from '@/lib/user.ts'
import { useRemoveAvatar } from '../api/remove-avatar.ts'
import { useSetAvatar } from '../api/set-avatar.ts'
import { AvatarCropDialog } from './avatar-crop-dialog.tsx'

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

/** The avatar: choose a picture, crop it square here, upload it with progress; or remove it. */
export function AvatarSection({ user }: { user: User }) {
  const { t } = useTranslation('account')
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const setAvatar = useSetAvatar(setProgress)
  const remove = useRemoveAvatar()
  const busy = setAvatar.isPending || remove.isPending
  const percent = progress ? Math.round((progress.loaded / Math.max(progress.total, 1)) * 100) : 0

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null
    event.target.value = ''
    setError(null)
    setFile(chosen)
  }

  const upload = (square: Blob) => {
    setFile(null)
    setProgress({ loaded: 0, total: square.size })
    setAvatar.mutate(square, {
      onSuccess: (response) => toast.success(response.message || t('avatar.saved')),
      onError: (failure) => setError(errorMessage(failure, t('avatar.failed'))),
      onSettled: () => setProgress(null),
    })
  }

  const removeAvatar = () =>
    remove.mutate(undefined, {
      onSuccess: (response) => toast.success(response.message || t('avatar.removed')),
      onError: (failure) => setError(errorMessage(failure, t('avatar.failed'))),
    })

  return (
    <Card>
      <CardTitle>{t('avatar.title')}</CardTitle>
      <CardDescription>{t('avatar.description')}</CardDescription>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <UserAvatar
          src={user.avatarUrl}
          initials={userInitials(user)}
          className="size-20 text-xl"
        />
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
              <Camera aria-hidden="true" />
              {user.avatarUrl ? t('avatar.change') : t('avatar.choose')}
            </Button>
            {user.avatarUrl && (
              <Button type="button" variant="outline" onClick={removeAvatar} disabled={busy}>
                <Trash2 aria-hidden="true" />
                {t('avatar.remove')}
              </Button>
            )}
          </div>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('avatar.choose')}
            onChange={choose}
          />
          {progress && (
            <div className="grid gap-1">
              <progress
                className="h-2 w-48 accent-primary"
                max={100}
                value={percent}
                aria-label={t('avatar.uploading')}
              />
              <span className="text-xs text-muted-foreground">
                {t('avatar.progress', { percent })}
              </span>
            </div>
          )}
        </div>
      </div>
      {error && <Alert className="mt-4">{error}</Alert>}
      {file && <AvatarCropDialog file={file} onCancel={() => setFile(null)} onCropped={upload} />}
    </Card>
  )
}
