import { createFileRoute } from '@tanstack/react-router'
import { WeatherMapPage } from '@/features/weather-map/components/weather-map-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

// The weather map's messages arrive with the page (a lazy namespace, lib/i18n.ts).
export const Route = createFileRoute('/plaza/weather/map')({
  loader: () => loadNamespace('weather'),
  component: WeatherMapPage,
})
