// The committed OpenAPI document (written by the server, `just api-types`) is valid OpenAPI 3.1
// by the specification's own JSON Schema: what client generators read. The Rust contract test
// keeps this file equal to what the code writes, so this checks the live document too.
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import document from './openapi.json'

describe('openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    // A copy: the validator may annotate what it is given.
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })
})
