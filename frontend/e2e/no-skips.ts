import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * A run with a skipped test fails: `just test` never passes by skipping (a test meant for one
 * layout says so with @phone-only and is not run elsewhere, rather than skipping itself).
 */
export default class NoSkips implements Reporter {
  private readonly skipped: string[] = []

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') this.skipped.push(test.titlePath().filter(Boolean).join(' › '))
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (this.skipped.length === 0) return undefined
    console.error(`\n${this.skipped.length} skipped, which fails the run:`)
    for (const title of this.skipped) console.error(`  - ${title}`)
    return { status: result.status === 'passed' ? 'failed' : result.status }
  }
}
