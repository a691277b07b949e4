import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n, loadNamespace } from '@/lib/i18n.ts'
import { renderApp } from '@/test/render-app.tsx'
import { signedOut } from '../../test/fixtures.ts'
import { THEME_COMPONENTS, findComponent, findDemo, type ThemeComponent } from './registry.ts'

const routes = { 'GET /api/auth/token': () => ({ body: signedOut }) }
const en = (key: ThemeComponent['title']): string => i18n.getFixedT('en', 'developers')(key)

// The expected texts; the pages load the namespace themselves.
beforeAll(() => loadNamespace('developers'))

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('UI kit registry', () => {
  it('covers the kit: every component has a demo, names and ids are unique URL segments', () => {
    expect(THEME_COMPONENTS.map((component) => component.name)).toEqual(
      expect.arrayContaining([
        'colors',
        'button',
        'input',
        'select',
        'switch',
        'tabs',
        'menu',
        'alert',
        'badge',
        'card',
        'avatar',
        'spinner',
        'modal',
        'toast',
        'confirm',
      ]),
    )
    const names = THEME_COMPONENTS.map((component) => component.name)
    expect(new Set(names).size).toBe(names.length)
    for (const component of THEME_COMPONENTS) {
      expect(component.demos.length, component.name).toBeGreaterThanOrEqual(1)
      expect(component.name).toMatch(/^[a-z][a-z0-9-]*$/)
      const ids = component.demos.map((demo) => demo.id)
      expect(new Set(ids).size, component.name).toBe(ids.length)
      for (const demo of component.demos) {
        expect(demo.id).toMatch(/^[a-z][a-z0-9-]*$/)
        expect(demo.code.trim(), `${component.name}/${demo.id}`).not.toBe('')
        expect(findDemo(component.name, demo.id)).toEqual({ component, demo })
      }
    }
    expect(findComponent('nope')).toBeUndefined()
    expect(findDemo('button', 'nope')).toBeUndefined()
  })

  it('lists every component on the index, linking to its page', async () => {
    renderApp('/developers/theme', routes)
    expect(await screen.findByRole('heading', { level: 1, name: 'UI kit' })).toBeInTheDocument()
    for (const component of THEME_COMPONENTS) {
      expect(screen.getByRole('link', { name: en(component.title) })).toHaveAttribute(
        'href',
        `/developers/theme/${component.name}`,
      )
    }
  })

  it.each(THEME_COMPONENTS.map((component) => [component.name, component] as const))(
    '/developers/theme/%s shows each demo with its code and its standalone link',
    async (_name, component) => {
      renderApp(`/developers/theme/${component.name}`, routes)
      expect(
        await screen.findByRole('heading', { level: 1, name: en(component.title) }),
      ).toBeInTheDocument()
      for (const demo of component.demos) {
        const section = screen.getByRole('region', { name: en(demo.title) })
        expect(within(section).getByRole('link', { name: 'Open alone' })).toHaveAttribute(
          'href',
          `/developers/theme/examples/${component.name}/${demo.id}`,
        )
        expect(section.querySelector('pre')).toHaveTextContent(demo.code.split('\n')[0]!)
        expect(
          within(section).getByRole('button', { name: `Copy the code of “${en(demo.title)}”` }),
        ).toBeInTheDocument()
      }
    },
  )

  it.each(
    THEME_COMPONENTS.flatMap((component) =>
      component.demos.map((demo) => [`${component.name}/${demo.id}`, component, demo] as const),
    ),
  )('/developers/theme/examples/%s renders the demo alone', async (_path, component, demo) => {
    renderApp(`/developers/theme/examples/${component.name}/${demo.id}`, routes)
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${en(component.title)} · ${en(demo.title)}`,
      }),
    ).toBeInTheDocument()
    // No site chrome: no header (banner), no portal navigation, no footer.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Developer portal' })).not.toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it.each([
    '/developers/theme/nope',
    '/developers/theme/examples/nope/basic',
    '/developers/theme/examples/button/nope',
  ])('%s is the not-found page, with the site around it', async (path) => {
    renderApp(path, routes)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument()
    expect(screen.getByText(`Page not found: ${path}`)).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })
})
