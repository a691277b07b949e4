import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. There is no tailwind-merge (it cost 9 kB of the initial bundle), so a
 * component never receives a class that fights one of its own for the same CSS property.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
