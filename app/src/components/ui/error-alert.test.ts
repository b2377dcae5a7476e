import { describe, expect, it } from 'vitest'
import { readableError } from './error-alert'

describe('readableError', () => {
  it("shows the API's JSON message after the status, and anything else as it is", () => {
    expect(readableError(new Error('404: {"message":"Project not found"}'))).toBe('404: Project not found')
    expect(readableError(new Error('500: Internal Server Error'))).toBe('500: Internal Server Error')
    expect(readableError(new Error('502: {not json}'))).toBe('502: {not json}')
  })
})
