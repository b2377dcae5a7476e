import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDebouncedValue } from './use-debounced-value'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useDebouncedValue', () => {
  it('takes the last value once it has held for the delay, calling onSettle with it just before', () => {
    const settled: string[] = []
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 80, (next) => settled.push(`${next} (showing ${result.current})`)), {
      initialProps: { value: '' },
    })
    act(() => vi.advanceTimersByTime(80))
    expect(settled).toEqual([' (showing )'])
    rerender({ value: 'Z' })
    act(() => vi.advanceTimersByTime(40))
    rerender({ value: 'Ze' })
    act(() => vi.advanceTimersByTime(79))
    expect(result.current).toBe('')
    expect(settled).toEqual([' (showing )'])
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe('Ze')
    // Called before the value was taken, with the new value, once.
    expect(settled).toEqual([' (showing )', 'Ze (showing )'])
  })

  it('does not restart the delay when only the callback changes', () => {
    const calls: string[] = []
    const { result, rerender } = renderHook(({ tag }) => useDebouncedValue('Zephyr', 80, () => calls.push(tag)), { initialProps: { tag: 'first' } })
    act(() => vi.advanceTimersByTime(50))
    rerender({ tag: 'second' })
    act(() => vi.advanceTimersByTime(30))
    expect(result.current).toBe('Zephyr')
    expect(calls).toEqual(['second'])
  })
})
