import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'

type WeatherMap = ResponseBody<'/api/plaza/weather', 'get'>

/** Beijing: the province shown while the app knows no district of the visitor's. */
export const DEFAULT_PROVINCE = '110000'

/** `GET /api/plaza/weather`: every province with the server's cached weather. */
function fetchWeather(): Promise<WeatherMap> {
  return api.get<WeatherMap>('/api/plaza/weather')
}

export function weatherQueryOptions() {
  return queryOptions({
    // The weather map's key and answer: one request serves the home page and the map.
    queryKey: ['weather', 'map'] as const,
    queryFn: fetchWeather,
    // The server refreshes its readings every 15 minutes.
    staleTime: 60_000,
  })
}

/** The weather map, and in it the province `code` (null until loaded or when it is missing). */
export function useProvinceWeather(code: string = DEFAULT_PROVINCE) {
  const query = useQuery(weatherQueryOptions())
  const province = query.data?.provinces.find((p) => p.code === code) ?? null
  return { query, province }
}
