// The embed ids the dApp makes for publishers (the program client's embedIdFor): unguessable and within the program's rule.
import { describe, expect, it } from 'vitest'
import { embedIdFor } from '@marquee/program-client/embed-id'

describe('embedIdFor', () => {
  it("keeps the spec's embed-{projectId}-{timestamp} form and adds 128 unguessable bits, within the program's rule", () => {
    const first = embedIdFor(3, 1_700_000_000_000)
    const second = embedIdFor(3, 1_700_000_000_000)
    expect(first).toMatch(/^embed-3-1700000000000-[A-Za-z0-9_-]{22}$/)
    expect(first).not.toBe(second)
    expect(new TextEncoder().encode(embedIdFor(999_999, Date.now())).length).toBeLessThanOrEqual(64)
  })
})
