/** Characters after trimming, counted as the server counts them (code points, not UTF-16 units). */
export function charCount(value: string): number {
  return [...value.trim()].length
}
