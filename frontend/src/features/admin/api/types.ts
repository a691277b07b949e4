// Hand-written from docs/api.md ("Admin", issue 3) until the types are generated from
// /api/docs.json.

export interface MessageResponse {
  success: boolean
  message?: string
}

export type DatabaseKind = 'postgres' | 'sqlite'
/** `log` is the development sender that only writes codes to the server log. */
export type SmsProvider = 'aliyun' | 'log' | 'none'

/** GET /api/admin/overview */
export interface OverviewResponse {
  success: boolean
  users: number
  integrations: {
    database: DatabaseKind
    sms: SmsProvider
    wechat: boolean
    /** The AI assistant's provider, or null when none is configured. */
    llm: string | null
  }
}

export type TokenStateName = 'missing' | 'fresh' | 'expiring' | 'expired'

/** The central WeChat access-token cache; the token itself only ever arrives masked. */
export interface TokenState {
  configured: boolean
  appId: string | null
  state: TokenStateName
  /** For example "81_Ab…x9Z". */
  maskedToken: string | null
  obtainedAt: string | null
  expiresAt: string | null
  lastError: string | null
  lastErrorAt: string | null
  forceRefreshesLeftToday: number
  nextForceRefreshAt: string | null
}

/** GET /api/admin/wechat/token */
export interface TokenResponse {
  success: boolean
  token: TokenState
}

/** POST /api/admin/wechat/token/refresh */
export interface TokenRefreshResponse {
  success: boolean
  message?: string
  token: TokenState
}

export type MenuActionType = 'click' | 'view' | 'miniprogram'

/** One button of WeChat's own menu JSON (snake_case, as in WeChat's documentation). */
export interface MenuButton {
  name: string
  /** Absent on a parent; WeChat knows more types than the three this console edits. */
  type?: MenuActionType | (string & {})
  key?: string
  url?: string
  appid?: string
  pagepath?: string
  sub_button?: MenuButton[]
}

export interface Menu {
  button: MenuButton[]
}

/** GET /api/admin/wechat/menu; `null` when no menu has been published. */
export interface MenuResponse {
  success: boolean
  menu: Menu | null
}

/** One rule the menu breaks; `path` names the field, e.g. `button[1].sub_button[0].name`. */
export interface MenuFault {
  path: string
  code: string
  message: string
}

/** POST /api/admin/wechat/menu/validate */
export interface MenuValidationResponse {
  success: boolean
  valid: boolean
  faults: MenuFault[]
}

export interface MenuVersion {
  id: string
  menu: Menu
  publishedAt: string
  /** Username of the admin who published it. */
  publishedBy: string
  rolledBackFrom: string | null
}

/** PUT /api/admin/wechat/menu and POST …/versions/{id}/rollback */
export interface MenuPublishResponse {
  success: boolean
  message?: string
  version: MenuVersion
}

/** GET /api/admin/wechat/menu/versions, newest first. */
export interface MenuVersionsResponse {
  success: boolean
  versions: MenuVersion[]
}
