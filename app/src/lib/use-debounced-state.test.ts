import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDebouncedState } from './use-debounced-state'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useDebouncedState', () => {
  it('takes the last value once no other has come for the delay, counted from the call, calling onSettle just before', () => {
    const settled: string[] = []
    const { result } = renderHook(() => useDebouncedState<string>('', 80, (next) => settled.push(`${next} (showing ${result.current.debounced})`)))
    act(() => result.current.set('Z'))
    expect(result.current.value).toBe('Z')
    act(() => vi.advanceTimersByTime(40))
    act(() => result.current.set('Ze'))
    act(() => vi.advanceTimersByTime(79))
    expect(result.current.debounced).toBe('')
    expect(settled).toEqual([])
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.debounced).toBe('Ze')
    // Called before the value was taken, with the new value, once.
    expect(settled).toEqual(['Ze (showing )'])
  })

  it('reads the latest onSettle when the delay ends', () => {
    const calls: string[] = []
    const { result, rerender } = renderHook(({ tag }) => useDebouncedState<string>('', 80, () => calls.push(tag)), { initialProps: { tag: 'first' } })
    act(() => result.current.set('Zephyr'))
    act(() => vi.advanceTimersByTime(50))
    rerender({ tag: 'second' })
    act(() => vi.advanceTimersByTime(30))
    expect(result.current.debounced).toBe('Zephyr')
    expect(calls).toEqual(['second'])
  })

  it('setNow takes a value at once and drops a pending one', () => {
    const settled: string[] = []
    const { result } = renderHook(() => useDebouncedState<string>('', 80, (next) => settled.push(next)))
    act(() => result.current.set('Zeph'))
    act(() => result.current.setNow('Orchard'))
    expect(result.current).toMatchObject({ value: 'Orchard', debounced: 'Orchard' })
    act(() => vi.advanceTimersByTime(200))
    expect(result.current.debounced).toBe('Orchard')
    expect(settled).toEqual([])
  })

  it('does not take a pending value after unmounting', () => {
    const settled: string[] = []
    const { result, unmount } = renderHook(() => useDebouncedState<string>('', 80, (next) => settled.push(next)))
    act(() => result.current.set('Zeph'))
    unmount()
    act(() => vi.advanceTimersByTime(200))
    expect(settled).toEqual([])
  })
})
