import { describe, expect, it } from 'vitest'
import {
  contrast,
  legendGradient,
  SCALE_MAX,
  SCALE_MIN,
  temperatureColor,
  TEMPERATURE_STOPS,
  tileColors,
} from './scale.ts'

describe('the temperature scale', () => {
  it('gives each stop its own colour and blends between stops', () => {
    expect(temperatureColor(-20)).toBe('#5b3fa8')
    expect(temperatureColor(20)).toBe('#e8c547')
    expect(temperatureColor(40)).toBe('#d63a3a')
    // Halfway between 10 °C (95,191,143) and 20 °C (232,197,71).
    expect(temperatureColor(15)).toBe('#a4c26b')
  })

  it('clamps beyond its ends', () => {
    expect(temperatureColor(-45)).toBe(temperatureColor(SCALE_MIN))
    expect(temperatureColor(52)).toBe(temperatureColor(SCALE_MAX))
  })

  it('grows warmer (redder, less blue) from 0 °C up', () => {
    const channels = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16))
    let [, , lastBlue] = channels(temperatureColor(0))
    for (let t = 1; t <= 40; t++) {
      const [, , blue] = channels(temperatureColor(t))
      expect(blue, `${t} °C`).toBeLessThanOrEqual(lastBlue!)
      lastBlue = blue
    }
  })

  it('picks black or white text that reads at 4.5 : 1 or better on every tile', () => {
    for (let t = -30; t <= 45; t += 0.5) {
      const { background, text } = tileColors(t)
      expect(['#000000', '#ffffff']).toContain(text)
      expect(contrast(background, text), `${t} °C on ${background}`).toBeGreaterThanOrEqual(4.5)
    }
    expect(tileColors(-20).text).toBe('#ffffff')
    expect(tileColors(20).text).toBe('#000000')
  })

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrast('#ffffff', '#777777')).toBe(contrast('#777777', '#ffffff'))
  })

  it('draws the legend with every stop at its place', () => {
    const gradient = legendGradient()
    expect(gradient.startsWith('linear-gradient(to right, #5b3fa8 0.0%')).toBe(true)
    expect(gradient.endsWith('#d63a3a 100.0%)')).toBe(true)
    expect(gradient.split('%').length - 1).toBe(TEMPERATURE_STOPS.length)
  })
})
