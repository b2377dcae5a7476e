import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { readableError } from './error-alert'

describe('readableError', () => {
  it("shows the API's message instead of the raw JSON body", () => {
    expect(readableError(new ApiError(404, '404: {"message":"Project not found"}'))).toBe('Project not found')
    expect(readableError(new ApiError(500, '500: Internal Server Error'))).toBe('Internal Server Error')
    expect(readableError(new ApiError(502, '502: {not json}'))).toBe('{not json}')
  })
})
