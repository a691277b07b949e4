import {
  CircleHelp,
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudRainWind,
  CloudSnow,
  CloudSun,
  Sun,
  type LucideIcon,
} from 'lucide-react'
import type { WeatherCondition as Condition } from '@/lib/weather.ts'

const ICONS: Record<Condition, LucideIcon> = {
  clear: Sun,
  partly_cloudy: CloudSun,
  overcast: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  snow: CloudSnow,
  showers: CloudRainWind,
  thunderstorm: CloudLightning,
  unknown: CircleHelp,
}

/** A weather condition's icon (decorative: the words beside it, or the tile's label, say it). */
export function ConditionIcon({
  condition,
  className,
}: {
  condition: Condition
  className?: string
}) {
  const Icon = ICONS[condition]
  return <Icon aria-hidden="true" className={className} />
}
