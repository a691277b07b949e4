import { lazy, Suspense } from 'react'

// The box and the phone's button come in a chunk of their own, beside the page's: the first
// page's JS has no room for them (docs/frontend.md, "Budget"). Until it is in, blanks of their
// size keep the header from moving.
const HeaderSearch = lazy(() =>
  import('./header-search.tsx').then((module) => ({ default: module.HeaderSearch })),
)

const placeholder = (
  <>
    <span
      aria-hidden="true"
      className="me-1 hidden h-8 w-32 rounded-md border border-input md:block lg:w-52"
    />
    <span aria-hidden="true" className="size-11 md:hidden" />
  </>
)

/** The header's search (one line in app/shell/header.tsx). */
export function HeaderSearchSlot() {
  return (
    <Suspense fallback={placeholder}>
      <HeaderSearch />
    </Suspense>
  )
}
