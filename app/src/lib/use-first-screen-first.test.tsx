import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useFirstScreenFirst } from './use-first-screen-first'

const items = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index)

describe('useFirstScreenFirst', () => {
  it('renders the first screen of a new answer first, then every item', () => {
    const rendered: number[][] = []
    const first = { answer: 1 }
    const { result, rerender } = renderHook(
      ({ list, answer }) => {
        const value = useFirstScreenFirst(list, answer, 3)
        rendered.push(value.shown)
        return value
      },
      { initialProps: { list: items(10), answer: first as unknown } },
    )
    expect(rendered[0]).toEqual([0, 1, 2])
    expect(result.current).toEqual({ shown: items(10), allShown: true })

    // More items of the same answer (a page appended) and a narrowed list: all at once.
    rendered.length = 0
    rerender({ list: items(20), answer: first })
    rerender({ list: items(5), answer: first })
    expect(rendered.map((shown) => shown.length)).toEqual([20, 5])

    // A new answer starts over with its first screen.
    rendered.length = 0
    rerender({ list: items(10, 100), answer: { answer: 2 } })
    expect(rendered[0]).toEqual([100, 101, 102])
    expect(result.current).toEqual({ shown: items(10, 100), allShown: true })
  })

  it('returns a short list whole at once', () => {
    const answer = {}
    const { result } = renderHook(() => useFirstScreenFirst(items(2), answer, 3))
    expect(result.current).toEqual({ shown: [0, 1], allShown: true })
  })
})
