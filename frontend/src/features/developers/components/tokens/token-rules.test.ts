import { describe, expect, it } from 'vitest'
import { EXPIRY_DAYS, TOKEN_NAME_MAX } from './token-rules.ts'
import document from '@/lib/api/openapi.json'

// The few rules the client needs as values (a select's options, an input's maxLength) are read
// here against the server's document, which states every rule it enforces (`just api-types`).
describe('values the client offers follow the OpenAPI document', () => {
  const request = document.components.schemas.CreateTokenRequest.properties

  it('offers exactly the token lifetimes the server accepts', () => {
    expect([...EXPIRY_DAYS, null]).toEqual(request.expiresInDays.enum)
  })

  it('caps a token name where the server does', () => {
    expect(TOKEN_NAME_MAX).toBe(request.name.maxLength)
  })
})
