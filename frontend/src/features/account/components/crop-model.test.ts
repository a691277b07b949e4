import { describe, expect, it } from 'vitest'
import {
  MAX_ZOOM,
  cropByKey,
  dragBy,
  initialCrop,
  panBy,
  sourceRect,
  zoomTo,
} from './crop-model.ts'

describe('the avatar crop', () => {
  it('starts as the largest centred square', () => {
    expect(sourceRect(initialCrop(400, 300))).toEqual({ x: 50, y: 0, size: 300 })
    expect(sourceRect(initialCrop(200, 500))).toEqual({ x: 0, y: 150, size: 200 })
  })

  it('zooms around its centre within 1–4', () => {
    const zoomed = zoomTo(initialCrop(400, 400), 2)
    expect(sourceRect(zoomed)).toEqual({ x: 100, y: 100, size: 200 })
    expect(zoomTo(zoomed, 10).zoom).toBe(MAX_ZOOM)
    expect(zoomTo(zoomed, 0.2).zoom).toBe(1)
  })

  it('never leaves the image when panned or zoomed out near an edge', () => {
    const crop = panBy(zoomTo(initialCrop(400, 300), 2), 1000, -1000)
    expect(sourceRect(crop)).toEqual({ x: 250, y: 0, size: 150 })
    // Zooming back out pulls the square inside again.
    expect(sourceRect(zoomTo(crop, 1))).toEqual({ x: 100, y: 0, size: 300 })
  })

  it('drags the picture with the pointer: the square moves the other way, scaled', () => {
    const crop = zoomTo(initialCrop(800, 800), 2) // a 400 px square shown 200 px wide
    const dragged = dragBy(crop, 50, 0, 200)
    expect(sourceRect(dragged).x).toBe(200 - 100)
  })

  it('answers the arrow keys and +/- and ignores other keys', () => {
    const crop = zoomTo(initialCrop(1000, 1000), 2)
    expect(sourceRect(cropByKey(crop, 'ArrowRight')!).x).toBe(250 + 50)
    expect(sourceRect(cropByKey(crop, 'ArrowUp')!).y).toBe(250 - 50)
    expect(cropByKey(crop, '+')!.zoom).toBeCloseTo(2.1)
    expect(cropByKey(crop, '-')!.zoom).toBeCloseTo(1.9)
    expect(cropByKey(crop, 'a')).toBeNull()
  })
})
