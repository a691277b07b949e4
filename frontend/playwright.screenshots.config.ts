import { defineConfig } from '@playwright/test'
import config from './playwright.config.ts'

// `just screenshots`: the screenshot step, not a test suite (e2e/screenshots/pages.shots.ts).
// Same server, browser and devices as the e2e suite; every project runs every page.
export default defineConfig({
  ...config,
  testDir: './e2e/screenshots',
  testMatch: '*.shots.ts',
  outputDir: './test-results/screenshots',
  reporter: [['list']],
  projects: config.projects?.map(({ grep: _grep, ...project }) => project),
})
