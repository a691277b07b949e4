import { InitialsAvatar } from '@/components/ui/avatar.tsx'
import type { Person } from '@/lib/api/types.ts'
import { userInitials } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'

/** Someone's picture: their avatar, else their initials (spec §3). Decorative: the name follows. */
export function PersonAvatar({ person, className }: { person: Person; className?: string }) {
  if (person.avatarUrl) {
    return (
      <img
        src={person.avatarUrl}
        alt=""
        loading="lazy"
        className={cn('size-8 shrink-0 rounded-full object-cover', className)}
      />
    )
  }
  return <InitialsAvatar initials={userInitials(person)} className={cn('shrink-0', className)} />
}
