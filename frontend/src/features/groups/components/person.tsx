import { Link } from '@tanstack/react-router'
import { InitialsAvatar } from '@/components/ui/avatar.tsx'
import type { Person } from '@/lib/api/types.ts'
import { personName } from '@/lib/person.ts'
import { userInitials } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'

/**
 * A person's picture: their avatar when it is one of ours (the page's policy allows images from
 * this site only), else their initials.
 */
export function PersonAvatar({ person, className }: { person: Person; className?: string }) {
  if (person.avatarUrl?.startsWith('/')) {
    return (
      <img
        src={person.avatarUrl}
        alt=""
        className={cn('size-8 shrink-0 rounded-full object-cover', className)}
      />
    )
  }
  // The kit's avatar is 8 units square; `className` only adds (a ring, a margin).
  return <InitialsAvatar initials={userInitials(person)} className={cn('shrink-0', className)} />
}

/** Avatar, name and @username on one line (two on narrow screens). */
export function PersonLine({ person, className }: { person: Person; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-3', className)}>
      <PersonAvatar person={person} />
      <span className="grid min-w-0">
        <span className="truncate font-medium">{personName(person)}</span>
        <span className="truncate text-xs text-muted-foreground">@{person.username}</span>
      </span>
    </span>
  )
}

/** [`PersonLine`] as a link to the person's profile (`/profile/{id}`): member lists. */
export function PersonLink({ person, className }: { person: Person; className?: string }) {
  return (
    <Link
      to="/profile/$userId"
      params={{ userId: person.id }}
      className={cn(
        'flex min-w-0 items-center rounded-md max-md:min-h-11 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <PersonLine person={person} />
    </Link>
  )
}
