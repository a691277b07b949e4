import { OTHER_GROUP } from '../browser-state.ts'

/** The DOM id of an endpoint group's panel in the list (its button points at it). */
export function groupDomId(name: string): string {
  return `apidocs-group-${name === OTHER_GROUP ? 'other' : name.replace(/[^\w-]/g, '_')}`
}
