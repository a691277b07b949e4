import type { components } from '@/lib/api/schema.gen.ts'

// The plaza's shapes, aliases of the server's OpenAPI schemas (schema.gen.ts); nothing restated.
type Schemas = components['schemas']

export type PlazaPost = Schemas['PostDto']
export type PlazaImage = Schemas['PostImageDto']
export type PlazaComment = Schemas['CommentDto']
export type PlazaPostDistrict = Schemas['PostDistrictDto']
export type PlazaFeedPage = Schemas['PostsResponse']
export type PlazaCommentsPage = Schemas['CommentsResponse']
export type PlazaNewPost = Schemas['NewPostRequest']
export type PlazaPerson = Schemas['PersonDto']
/** A district as `GET /api/districts` lists it (the provinces, for the filter and the composer). */
export type PlazaDistrict = Schemas['DistrictDto']
