// Local stand-ins for the outside services the end-to-end tests need: Aliyun's SMS API,
// WeChat (OAuth in the browser, the sns API, stable_token and the custom menu), an
// OpenAI-compatible chat API streaming DeepSeek-style deltas and Open-Meteo's forecast API. They speak the
// same wire format as the real services, so app-server runs its real HTTP adapters against them.
// Tests read what was "sent" and steer who WeChat says the person is through /__fake/*.
import { createServer } from 'node:http'

/**
 * `routes`: more `/__…` paths for the tests, by pathname; each handler takes the query and
 * answers `[status, body]` (e2e/server.mjs adds what only it can do).
 */
export function startFakes(port, routes = {}) {
  /** @type {{ phone: string, code: string }[]} */
  const sms = []
  let identity = { openid: 'o-e2e', nickname: '微信用户', unionid: 'u-e2e' }
  const codes = new Map()
  let codeCounter = 0
  let tokenCounter = 0
  let menu = null
  /** How the fake language model answers: 'answer' | 'fail' | 'slow'. */
  let llmMode = 'answer'
  /** @type {unknown[]} */
  const llmRequests = []
  /** How the fake weather API answers: 'answer' | 'fail'; and how often it answered. */
  let weatherMode = 'answer'
  let weatherRequests = 0

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const q = url.searchParams
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      // --- Aliyun Dysmsapi SendSms (RPC style: everything in the query) ---
      if (q.get('Action') === 'SendSms') {
        const param = JSON.parse(q.get('TemplateParam') ?? '{}')
        sms.push({ phone: q.get('PhoneNumbers') ?? '', code: param.code })
        return json(res, 200, {
          Code: 'OK',
          Message: 'OK',
          RequestId: `req-${sms.length}`,
          BizId: 'biz',
        })
      }
      // --- WeChat OAuth: the person "agrees" at once and is sent back with a code ---
      if (url.pathname === '/connect/oauth2/authorize') {
        const code = `code-${++codeCounter}`
        codes.set(code, { ...identity })
        const back = new URL(q.get('redirect_uri') ?? '/')
        back.searchParams.set('code', code)
        back.searchParams.set('state', q.get('state') ?? '')
        res.writeHead(302, { location: back.toString() })
        return res.end()
      }
      if (url.pathname === '/sns/oauth2/access_token') {
        const who = codes.get(q.get('code') ?? '')
        if (!who) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' })
        codes.delete(q.get('code'))
        return json(res, 200, {
          access_token: `web-${who.openid}`,
          expires_in: 7200,
          refresh_token: 'r',
          openid: who.openid,
          scope: 'snsapi_userinfo',
          unionid: who.unionid,
        })
      }
      if (url.pathname === '/sns/userinfo') {
        const openid = q.get('openid')
        return json(res, 200, {
          openid,
          nickname: identity.openid === openid ? identity.nickname : '微信用户',
          headimgurl: '',
          unionid: identity.unionid,
        })
      }
      // --- WeChat official-account API ---
      if (url.pathname === '/cgi-bin/stable_token') {
        tokenCounter += 1
        return json(res, 200, {
          access_token: `E2E_ACCESS_TOKEN_${tokenCounter}_abcdefghijkl`,
          expires_in: 7200,
        })
      }
      if (url.pathname === '/cgi-bin/menu/get') {
        return menu
          ? json(res, 200, { menu })
          : json(res, 200, { errcode: 46003, errmsg: 'menu no exist' })
      }
      if (url.pathname === '/cgi-bin/menu/create') {
        menu = JSON.parse(body)
        return json(res, 200, { errcode: 0, errmsg: 'ok' })
      }
      if (url.pathname === '/cgi-bin/menu/delete') {
        menu = null
        return json(res, 200, { errcode: 0, errmsg: 'ok' })
      }
      // --- OpenAI-compatible chat completions (DeepSeek flavour) ---
      if (url.pathname === '/v1/chat/completions' && req.method === 'POST') {
        const request = JSON.parse(body || '{}')
        llmRequests.push(request)
        return streamChat(res, request, llmMode)
      }
      // --- Open-Meteo's forecast API: every place asked, in order (an object for one) ---
      if (url.pathname === '/v1/forecast') {
        if (weatherMode === 'fail') return json(res, 500, { error: true, reason: 'fake outage' })
        weatherRequests += 1
        const lats = (q.get('latitude') ?? '').split(',').filter(Boolean).map(Number)
        const lons = (q.get('longitude') ?? '').split(',').map(Number)
        const blocks = lats.map((lat, i) => forecastBlock(lat, lons[i] ?? 0, i))
        return json(res, 200, blocks.length === 1 ? blocks[0] : blocks)
      }
      // --- what the tests read and steer ---
      if (url.pathname === '/__fake/weather') {
        weatherMode = q.get('mode') ?? weatherMode
        return json(res, 200, { mode: weatherMode, requests: weatherRequests })
      }
      if (url.pathname === '/__fake/llm') {
        llmMode = q.get('mode') ?? 'answer'
        return json(res, 200, { mode: llmMode })
      }
      if (url.pathname === '/__fake/llm/requests') return json(res, 200, { requests: llmRequests })
      if (url.pathname === '/__fake/sms') {
        const phone = q.get('phone') ?? ''
        return json(res, 200, { codes: sms.filter((m) => m.phone === phone).map((m) => m.code) })
      }
      if (url.pathname === '/__fake/wechat/identity') {
        identity = {
          openid: q.get('openid') ?? identity.openid,
          nickname: q.get('nickname') ?? identity.nickname,
          unionid: `u-${q.get('openid') ?? 'x'}`,
        }
        return json(res, 200, identity)
      }
      if (url.pathname === '/__fake/wechat/menu') return json(res, 200, { menu })
      const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined
      if (route) return json(res, ...route(q))
      json(res, 404, { errcode: 404, errmsg: 'not faked' })
    })
  })
  server.listen(port, '127.0.0.1')
  return server
}

/** WMO codes the fake forecast cycles through, place by place (the 23rd, Sichuan: drizzle). */
const FAKE_WMO_CODES = [0, 2, 3, 45, 53, 63, 73, 81, 95]

/**
 * One place's block as Open-Meteo answers `current=…&daily=…&timezone=Asia/Shanghai`: colder
 * to the north (`round(52 - 1.2 × latitude)` °C: Sichuan 15, Heilongjiang −3, Hainan 28), a
 * condition by the place's position, three days from a fixed date.
 */
export function forecastBlock(lat, lon, index) {
  const temp = Math.round(52 - 1.2 * lat)
  const code = FAKE_WMO_CODES[index % FAKE_WMO_CODES.length]
  return {
    latitude: lat,
    longitude: lon,
    generationtime_ms: 0.2,
    utc_offset_seconds: 28800,
    timezone: 'Asia/Shanghai',
    timezone_abbreviation: 'GMT+8',
    elevation: 500,
    current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C' },
    current: {
      time: '2026-11-25T20:00',
      interval: 900,
      temperature_2m: temp,
      weather_code: code,
      wind_speed_10m: 7.2,
      relative_humidity_2m: 81,
    },
    daily_units: { time: 'iso8601' },
    daily: {
      time: ['2026-11-25', '2026-11-26', '2026-11-27'],
      weather_code: [code, 3, 0],
      temperature_2m_max: [temp + 4, temp + 2, temp + 5],
      temperature_2m_min: [temp - 5, temp - 6, temp - 4],
      precipitation_probability_max: [80, 20, 0],
    },
  }
}

/** The answer the fake model gives: Markdown with a link and a code block. */
export const FAKE_ANSWER = [
  '你好！这是',
  '**测试回答**',
  '。\n\n',
  '详见 https://example.com/docs',
  '\n\n```js\n',
  "console.log('庭院')\n",
  '```\n',
]
export const FAKE_REASONING = ['让我', '想一想', '……']

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function streamChat(res, request, mode) {
  if (mode === 'fail') {
    res.writeHead(500, { 'content-type': 'application/json' })
    return res.end(JSON.stringify({ error: { message: 'fake upstream failure' } }))
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  let open = true
  res.on('close', () => (open = false))
  const send = (delta, extra = {}) =>
    open && res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta, ...extra }] })}\n\n`)
  // DeepSeek sends keep-alive comments while a request waits; readers must ignore them.
  res.write(': keep-alive\n\n')
  const gap = mode === 'slow' ? 400 : 100
  if (request.model === 'deepseek-reasoner') {
    // Slow enough that a test sees the reasoning before any content.
    for (const piece of FAKE_REASONING) {
      await sleep(400)
      send({ reasoning_content: piece })
    }
  }
  const pieces =
    mode === 'slow' ? Array.from({ length: 40 }, (_, i) => `第${i + 1}段。`) : FAKE_ANSWER
  for (const piece of pieces) {
    await sleep(gap)
    if (!open) return
    send({ content: piece })
  }
  send({}, { finish_reason: 'stop' })
  if (open) {
    res.write(
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } })}\n\n`,
    )
    res.end('data: [DONE]\n\n')
  }
}
