import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { Group } from '@/lib/api/types.ts'
import { useCreateGroup } from '../api/create-group.ts'
import { FormAlert, GroupSettingsFields } from './group-settings-fields.tsx'
import {
  serverErrors,
  settingsBody,
  validateSettings,
  type SettingsDraft,
  type SettingsErrors,
} from '../settings-form.ts'

const EMPTY: SettingsDraft = {
  name: '',
  description: '',
  visibility: 'public',
  joinPolicy: 'open',
}

/** "Create group": name, description, visibility and join policy; the creator becomes the owner. */
export function CreateGroupDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean
  onClose: () => void
  onCreated: (group: Group) => void
}) {
  const { t } = useTranslation('groups')
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('create.title')}
      description={t('create.description')}
      size="lg"
    >
      <CreateGroupForm onCancel={onClose} onCreated={onCreated} />
    </Modal>
  )
}

function CreateGroupForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (group: Group) => void
}) {
  const { t } = useTranslation('groups')
  const create = useCreateGroup()
  const [draft, setDraft] = useState<SettingsDraft>(EMPTY)
  const [errors, setErrors] = useState<SettingsErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [movedToApproval, setMovedToApproval] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    const found = validateSettings(draft, t)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    create.mutate(settingsBody(draft), {
      onSuccess: onCreated,
      onError: (error) => {
        const { fields, rest } = serverErrors(error)
        setErrors(fields)
        if (rest) setFormError(errorMessage(error, t('create.failed')))
      },
    })
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormAlert message={formError} />
      <GroupSettingsFields
        draft={draft}
        errors={errors}
        visibilityChanged={movedToApproval}
        onChange={(next, field) => {
          if (field === 'visibility')
            setMovedToApproval(draft.joinPolicy === 'open' && next.joinPolicy !== 'open')
          setDraft(next)
          // A new visibility may make the chosen policy allowed again.
          setErrors(({ [field]: _gone, ...rest }) =>
            field === 'visibility' ? { ...rest, joinPolicy: undefined } : rest,
          )
        }}
      />
      <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  )
}
