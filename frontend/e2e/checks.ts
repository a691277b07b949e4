// The checks every end-to-end test inherits (docs/testing.md): import `test` and `expect` from
// './helpers.ts', never from '@playwright/test'. After each test that passed, the page it ended
// on is checked with axe-core, and the test fails on any serious or critical finding, on any
// Content-Security-Policy violation and on any uncaught error in the page, wherever in the test
// they happened. `expectAccessible` checks a page mid-test (a dialog that is open, a route).
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test'
import type { Result } from 'axe-core'

export { expect }

/** The impacts that fail a test; 'minor' and 'moderate' findings are not reported. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])

/**
 * axe rules switched off everywhere, each with the reason it does not apply. Empty: fix the page
 * instead (a rule is only listed here when it cannot apply to this app).
 */
const INAPPLICABLE_RULES: Record<string, string> = {}

interface Problems {
  csp: string[]
  pageErrors: string[]
}

declare global {
  interface Window {
    __e2eReportCspViolation?: (violation: string) => void
  }
}

/** Collects CSP violations (the DOM event and Chromium's console report) and page errors. */
async function watchPage(page: Page, problems: Problems): Promise<void> {
  page.on('pageerror', (error) => {
    problems.pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`)
  })
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.csp.push(`${page.url()}: ${message.text()}`)
    }
  })
  await page.exposeFunction('__e2eReportCspViolation', (violation: string) => {
    problems.csp.push(`${page.url()}: ${violation}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__e2eReportCspViolation?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} ` +
          `at ${event.sourceFile}:${event.lineNumber}: ${event.sample}`,
      )
    })
  })
}

/** Waits until fonts are in and every finite animation (fade-ins, dialogs) has run. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}

function describe(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, ' ')}`,
    )
    .join('\n')
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : ''
  return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`
}

/** The serious and critical axe-core findings on the page as it is now, described. */
export async function accessibilityFindings(page: Page): Promise<string[]> {
  await settle(page)
  const results = await new AxeBuilder({ page })
    .disableRules(Object.keys(INAPPLICABLE_RULES))
    .analyze()
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(describe)
}

/**
 * Runs axe-core on the page as it is now and fails the test (softly: the test goes on, so one
 * run reports every state it checks) on any serious or critical finding. `label` names the state
 * in the report (a route, 'login dialog open').
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  expect
    .soft(await accessibilityFindings(page), `axe-core: serious or critical findings on ${label}`)
    .toEqual([])
}

function watchContext(context: BrowserContext, problems: Problems): void {
  // Pages the test opens later (a popup, a second tab) are watched too.
  context.on('page', (page) => void watchPage(page, problems))
}

export const test = base.extend<{ pageChecks: Problems }>({
  pageChecks: [
    async ({ page, context }, use, testInfo) => {
      const problems: Problems = { csp: [], pageErrors: [] }
      await watchPage(page, problems)
      watchContext(context, problems)
      await use(problems)
      // A test that already failed keeps its own error as the reason.
      if (testInfo.status !== testInfo.expectedStatus) return
      const ended = !page.isClosed() && /^https?:/.test(page.url()) ? page.url() : null
      const report = {
        axe: ended ? await accessibilityFindings(page) : [],
        csp: problems.csp,
        pageErrors: problems.pageErrors,
      }
      expect(
        report,
        `after the test: axe-core on ${ended ?? '(no page)'}, CSP violations, uncaught page errors`,
      ).toEqual({ axe: [], csp: [], pageErrors: [] })
    },
    { auto: true },
  ],
})
