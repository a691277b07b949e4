interface DeviceSummary {
  browser?: string
  os?: string
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger/i, 'WeChat'],
  [/\bQQ\//, 'QQ'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/QQBrowser\//, 'QQ Browser'],
  [/Quark\//, 'Quark'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
]

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

function firstMatch(userAgent: string, table: ReadonlyArray<[RegExp, string]>): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1]
}

/** "Chrome on Windows"-style summary of a user-agent string; order matters (Edge says Chrome too). */
export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  if (!userAgent) return {}
  return { browser: firstMatch(userAgent, BROWSERS), os: firstMatch(userAgent, SYSTEMS) }
}

/** WeChat's in-app browser (spec §2.3: detected from the user agent). */
export function isWeChatBrowser(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): boolean {
  return /MicroMessenger/i.test(userAgent)
}
