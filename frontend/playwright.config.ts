import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4180)
const baseURL = `http://127.0.0.1:${port}`

// Debian's Chromium, never a downloaded browser (there is no internet here).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: './e2e',
  // Each shard of scripts/e2e-shards.sh keeps its own traces and report.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['./e2e/no-skips.ts'],
    ['html', { outputFolder: process.env.E2E_REPORT_DIR ?? 'playwright-report', open: 'never' }],
  ],
  use: {
    baseURL,
    // Recording a trace (a snapshot and a screenshot per action) costs every test CPU on two
    // cores; a CI run's clone and its traces are gone when it ends, so CI records none and keeps
    // the failure's screenshot and Playwright's printed error context.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      // Tests meant for the phone layout alone (e2e/a11y.spec.ts splits its variants).
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node e2e/server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
