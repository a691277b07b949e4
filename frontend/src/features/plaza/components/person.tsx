import { InitialsAvatar } from '@/components/ui/avatar.tsx'
import { userInitials } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'
import type { PlazaPerson } from '@/lib/api/types.ts'

/** Their avatar when it is one of ours (the CSP allows this site's images only), else initials. */
export function PersonAvatar({ person, className }: { person: PlazaPerson; className?: string }) {
  if (person.avatarUrl?.startsWith('/')) {
    return (
      <img
        src={person.avatarUrl}
        alt=""
        width={40}
        height={40}
        className={cn('size-8 shrink-0 rounded-full object-cover', className)}
      />
    )
  }
  return <InitialsAvatar initials={userInitials(person)} className={cn('shrink-0', className)} />
}
