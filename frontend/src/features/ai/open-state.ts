import { atom } from 'jotai'

/** Whether the AI assistant modal is open. The shell imports this file eagerly: keep it tiny. */
export const aiModalOpenAtom = atom(false)
