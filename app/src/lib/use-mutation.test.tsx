import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useMutation } from './use-mutation'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
}

describe('useMutation', () => {
  it('tells the caller the outcome even when the screen is gone before the answer', async () => {
    const answer = deferred<string>()
    const outcomes: string[] = []
    const { result, unmount } = renderHook(() => useMutation({ mutationFn: (_: number) => answer.promise }), { wrapper })
    result.current.mutate(7, {
      onSuccess: (data, variables) => outcomes.push(`success ${data} for ${variables}`),
      onSettled: (data, error) => outcomes.push(`settled ${data} ${error}`),
    })
    // With TanStack's own mutate, an observer without subscribers drops these callbacks.
    unmount()
    answer.resolve('done')
    await waitFor(() => expect(outcomes).toEqual(['success done for 7', 'settled done null']))
  })

  it('hands the error to onError and keeps it in the mutation state', async () => {
    const answer = deferred<string>()
    const errors: string[] = []
    const { result } = renderHook(() => useMutation({ mutationFn: () => answer.promise }), { wrapper })
    result.current.mutate(undefined, { onError: (error) => errors.push((error as Error).message) })
    answer.reject(new Error('refused'))
    await waitFor(() => expect(errors).toEqual(['refused']))
    await waitFor(() => expect(result.current.error?.message).toBe('refused'))
  })

  it('does not leave an unhandled rejection when the caller gives no onError', async () => {
    const { result } = renderHook(() => useMutation({ mutationFn: async () => Promise.reject(new Error('refused')) }), { wrapper })
    result.current.mutate()
    await waitFor(() => expect(result.current.isError).toBe(true))
  })
})
