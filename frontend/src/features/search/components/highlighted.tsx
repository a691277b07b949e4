import { Fragment } from 'react'
import type { SearchSegment } from '../api/results.ts'

/**
 * Text the server cut into segments, the matched words in `<mark>`: in light mode a tint of the
 * warning token (yellow) under the text's own colour (a link's too); in dark mode, where a tint
 * of it is too dull to find, the token itself under the background's colour.
 */
export function Highlighted({ segments }: { segments: readonly SearchSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.hit ? (
          <mark
            key={index}
            className="rounded-[0.2em] bg-warning/25 box-decoration-clone px-px font-semibold text-inherit dark:bg-warning dark:text-background"
          >
            {segment.text}
          </mark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  )
}
