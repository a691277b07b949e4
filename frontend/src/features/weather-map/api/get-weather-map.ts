import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'

/** `GET /api/plaza/weather`: every province on the tile map with its cached weather. */
export type WeatherMap = ResponseBody<'/api/plaza/weather', 'get'>
export type ProvinceWeather = WeatherMap['provinces'][number]
type Weather = NonNullable<ProvinceWeather['weather']>
export type DailyForecast = Weather['daily'][number]

const weatherMapKey = ['weather', 'map'] as const

function weatherMapQueryOptions() {
  return queryOptions({
    queryKey: weatherMapKey,
    queryFn: () => api.get<WeatherMap>('/api/plaza/weather'),
    // The server refreshes its cache every 15 minutes; asking every 5 keeps an open map current.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })
}

export function useWeatherMap() {
  return useQuery(weatherMapQueryOptions())
}
