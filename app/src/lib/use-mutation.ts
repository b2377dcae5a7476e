// TanStack Query's useMutation, with the callbacks given to `mutate(variables, { onSuccess, onError })`
// always called. TanStack calls them only while the component's observer has subscribers, and it
// subscribes in a passive effect: a click that lands between a screen's commit and its effects
// (or a screen that unmounts mid-request) would lose the outcome, so the confirmation or error
// toast never showed. Every screen's actions end in such callbacks, so they go through the
// mutation's own promise instead.
import { useMutation as useTanstackMutation, type DefaultError, type UseMutationOptions } from '@tanstack/react-query'
import { useCallback } from 'react'

/** What a screen does when one `mutate` call ends. */
export interface MutateCallbacks<TData, TError, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void
  onError?: (error: TError, variables: TVariables) => void
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => void
}

export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) {
  const mutation = useTanstackMutation(options)
  const { mutateAsync } = mutation
  const mutate = useCallback(
    (variables: TVariables, callbacks: MutateCallbacks<TData, TError, TVariables> = {}) => {
      mutateAsync(variables).then(
        (data) => {
          callbacks.onSuccess?.(data, variables)
          callbacks.onSettled?.(data, null, variables)
        },
        (error: TError) => {
          // The error is the screen's to show; without an onError it is still in `mutation.error`.
          callbacks.onError?.(error, variables)
          callbacks.onSettled?.(undefined, error, variables)
        },
      )
    },
    [mutateAsync],
  )
  return { ...mutation, mutate }
}
