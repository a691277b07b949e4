import type { ProvinceWeather, WeatherMap } from '../api/get-weather-map.ts'

/** Sichuan at 18 °C in light rain, with a three-day forecast. */
export function sichuan(overrides: Partial<ProvinceWeather> = {}): ProvinceWeather {
  return {
    code: '510000',
    nameZh: '四川省',
    nameEn: 'Sichuan',
    tile: { col: 2, row: 4 },
    lat: 30.5728,
    lon: 104.0668,
    weather: {
      temperatureC: 17.6,
      condition: 'drizzle',
      windKmh: 7.2,
      humidity: 81,
      observedAt: '2026-11-25T12:00:00Z',
      daily: [
        {
          date: '2026-11-25',
          condition: 'drizzle',
          minC: 12,
          maxC: 19.1,
          precipitationChance: 80,
        },
        {
          date: '2026-11-26',
          condition: 'overcast',
          minC: 11.5,
          maxC: 17.4,
          precipitationChance: 20,
        },
        { date: '2026-11-27', condition: 'clear', minC: 10.2, maxC: 20, precipitationChance: null },
      ],
    },
    ...overrides,
  }
}

export function beijing(overrides: Partial<ProvinceWeather> = {}): ProvinceWeather {
  return {
    code: '110000',
    nameZh: '北京市',
    nameEn: 'Beijing',
    tile: { col: 5, row: 2 },
    lat: 39.9042,
    lon: 116.4074,
    weather: {
      temperatureC: -3.4,
      condition: 'snow',
      windKmh: null,
      humidity: null,
      observedAt: '2026-11-25T12:00:00Z',
      daily: [],
    },
    ...overrides,
  }
}

export function weatherMap(overrides: Partial<WeatherMap> = {}): WeatherMap {
  return {
    success: true,
    available: true,
    asOf: '2026-11-25T12:05:00Z',
    stale: false,
    attribution: 'Weather data by Open-Meteo.com (CC BY 4.0)',
    provinces: [beijing(), sichuan()],
    ...overrides,
  }
}
