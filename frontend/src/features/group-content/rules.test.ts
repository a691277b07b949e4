import { describe, expect, it } from 'vitest'
import openapi from '@/lib/api/openapi.json'
import {
  BODY_MAX_CHARS,
  REMOVAL_REASON_MAX_CHARS,
  REPLY_MAX_CHARS,
  TITLE_MAX_CHARS,
} from './rules.ts'

describe('the editor’s rules are the server’s', () => {
  const save = openapi.components.schemas.SaveArticleBody.properties
  const create = openapi.components.schemas.NewArticleBody.properties

  it('title and body lengths match SaveArticleBody and NewArticleBody', () => {
    expect(save.title.maxLength).toBe(TITLE_MAX_CHARS)
    expect(create.title.maxLength).toBe(TITLE_MAX_CHARS)
    expect(save.body.maxLength).toBe(BODY_MAX_CHARS)
    expect(create.body.maxLength).toBe(BODY_MAX_CHARS)
  })

  it('a reply’s length matches NewReplyBody', () => {
    const reply = openapi.components.schemas.NewReplyBody.properties
    expect(reply.body.maxLength).toBe(REPLY_MAX_CHARS)
    expect(reply.body.minLength).toBe(1)
  })

  it('a removal’s reason matches the `reason` of deleting a reply and an article', () => {
    const reasonOf = (operation: { parameters: readonly { name: string }[] }) =>
      operation.parameters.find((parameter) => parameter.name === 'reason') as
        { required: boolean; schema: { maxLength: number } } | undefined
    const paths = openapi.paths
    for (const remove of [
      paths['/api/groups/{id}/articles/{articleId}/replies/{replyId}'].delete,
      paths['/api/groups/{id}/articles/{articleId}'].delete,
    ]) {
      expect(reasonOf(remove)?.schema.maxLength).toBe(REMOVAL_REASON_MAX_CHARS)
      expect(reasonOf(remove)?.required).toBe(false)
    }
    expect(REMOVAL_REASON_MAX_CHARS).toBe(500)
  })
})
