import { readdirSync } from 'node:fs'
import babelParser from '@babel/eslint-parser'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// TypeScript 7 has no JavaScript compiler API, so typescript-eslint cannot run; Babel parses
// the TypeScript syntax instead and `tsc` does the type checking (docs/frontend.md).
const typescriptSyntax = {
  parser: babelParser,
  parserOptions: {
    requireConfigFile: false,
    babelOptions: {
      babelrc: false,
      configFile: false,
      presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
    },
  },
}

// Features never import each other (docs/frontend.md, "Layout"): shared code lives in lib/ and components/.
const features = readdirSync(new URL('./src/features', import.meta.url))
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, '@/app/*', '@/routes/*'],
            message: 'A feature may use lib/ and components/, not other features, app/ or routes/.',
          },
        ],
      },
    ],
  },
}))

export default [
  {
    ignores: [
      'dist/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'src/routeTree.gen.ts',
      'src/lib/api/schema.gen.ts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ...typescriptSyntax, globals: globals.browser },
    rules: {
      // tsc (strict, noUnusedLocals/Parameters) owns these for TypeScript.
      'no-undef': 'off',
      'no-unused-vars': 'off',
      'no-redeclare': 'off',
    },
  },
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.{js,ts,tsx}'],
    rules: {
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'prefer-const': 'error',
      'object-shorthand': 'error',
    },
  },
  ...featureBoundaries,
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/routes/*'],
              message: 'Shared code must not depend on features, app/ or routes/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['*.{js,mjs,ts}', 'scripts/**', 'bench/**', 'vite-plugins/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  // Every spec inherits the checks of e2e/checks.ts (axe-core, CSP, page errors): it takes
  // `test` and `expect` from './helpers.ts', never straight from Playwright.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './helpers.ts' (they run e2e/checks.ts).",
            },
          ],
        },
      ],
    },
  },
]
