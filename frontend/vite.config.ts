/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { buildInfo } from './vite-plugins/build-info.ts'
import { firstScreen } from './vite-plugins/first-screen.ts'
import { localePreload } from './vite-plugins/locale-preload.ts'
import { precompress } from './vite-plugins/precompress.ts'

// Unit test files that need a window and module graph of their own: vi.mock of a module other
// files have loaded already (app.test), and the window's history from the first entry (the modal
// stack's Back, and the assistant whose trigger takes the focus back after a history step).
const ISOLATED = [
  'src/app/app.test.tsx',
  'src/components/ui/modal.test.tsx',
  'src/app/shell/ai-assistant-host.test.tsx',
]

const backend = process.env.COURTYARD_BACKEND ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    // The router plugin must come before react() (@tanstack/router-plugin's setup guide).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Every page is its own chunk, the home page too: the server's HTML preloads the chunks of
      // the page asked for (app-server/src/spa/first_screen.rs), so `/` waits for no extra round
      // trip, and the other pages do not carry the home page (its posts, groups and weather:
      // 22 kB of code, 6.8 kB gz) in their initial JS.
    }),
    react(),
    tailwindcss(),
    buildInfo(),
    localePreload(),
    firstScreen(),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/build': { target: backend, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page loads anyway goes into one chunk. Left to itself, Rolldown
          // splits it by which lazy chunks share each module, so every new lazy chunk (the AI
          // modal) cut the initial JS into more, smaller files that compress worse: +2.2 kB gz.
          // Lazy pages share two more: every lucide icon they use, and the kit components and
          // lib helpers two or more of them use. Left split, /plaza fetched 24 scripts and
          // /developers/api 34, mostly icons of a few hundred bytes, each a round trip on a phone
          // (HTTP/1.1: six at a time); grouped they fetch 8 and 11, and Lighthouse's mobile LCP of
          // /plaza, /group/{id} and /developers/api dropped 0.3–0.7 s (docs/benchmarks.md). The
          // cost: a page loads icons and kit parts it does not show.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
            { name: 'kit', test: /[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Most files share their worker's jsdom window and module graph (`isolate: false`): setting
    // up both for each of 85 files was two thirds of the run (284 s → about 100 s on two cores).
    // setup.ts cleans what a test leaves (the DOM, storage, mocks). The files below need what only
    // a fresh window and module graph give, so they run isolated (docs/testing.md, "Unit tests").
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
})
