import { Link } from '@tanstack/react-router'
import { splitMentions } from '@/lib/mentions.ts'

/**
 * Plain text (a plaza post or comment) with each `@username` a link to the person's profile
 * (`/profile/@username`, which the profile route resolves). Line breaks are the container's
 * (`whitespace-pre-wrap`).
 */
export function MentionText({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((part, index) =>
        'username' in part ? (
          <Link
            // A text's pieces never move: the index is a stable key.
            key={index}
            to="/profile/$userId"
            params={{ userId: `@${part.username}` }}
            className="font-medium text-primary underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  )
}
