import { describe, expect, it } from 'vitest'
import { UrlWrites } from './url-writes'

describe('UrlWrites', () => {
  it('knows its own writes when they arrive late, and in order, and nothing else', () => {
    const writes = new UrlWrites()
    writes.wrote('Qu')
    writes.wrote('Quo')
    expect(writes.arrived('Qu')).toBe(true)
    expect(writes.arrived('Quo')).toBe(true)
    expect(writes.arrived('Quo')).toBe(false)
    expect(writes.arrived('Desert')).toBe(false)
  })

  it('takes a skipped older write as done once a newer one arrives', () => {
    const writes = new UrlWrites()
    writes.wrote('Q')
    writes.wrote('Quokka')
    expect(writes.arrived('Quokka')).toBe(true)
    expect(writes.arrived('Q')).toBe(false)
  })
})
