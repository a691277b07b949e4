// Local stand-ins for the outside services the end-to-end tests need: Aliyun's SMS API and
// WeChat (OAuth in the browser, the sns API, stable_token and the custom menu). They speak the
// same wire format as the real services, so app-server runs its real HTTP adapters against them.
// Tests read what was "sent" and steer who WeChat says the person is through /__fake/*.
import { createServer } from 'node:http'

export function startFakes(port) {
  /** @type {{ phone: string, code: string }[]} */
  const sms = []
  let identity = { openid: 'o-e2e', nickname: '微信用户', unionid: 'u-e2e' }
  const codes = new Map()
  let codeCounter = 0
  let tokenCounter = 0
  let menu = null

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
      // --- what the tests read and steer ---
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
      json(res, 404, { errcode: 404, errmsg: 'not faked' })
    })
  })
  server.listen(port, '127.0.0.1')
  return server
}
