import type { User } from './api/types.ts'

/** The name a person goes by: the nickname, else the username. */
export function personName(person: Pick<User, 'nickname' | 'username'>): string {
  return person.nickname.trim() || person.username
}
