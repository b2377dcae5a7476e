// A button that runs one mutation: loading (with its `loadingText`) while it runs, then a toast of
// the outcome — the caller's on success, `failure` with the error's message otherwise.
import { Button, type ButtonProps } from '@chakra-ui/react'
import { errorMessage } from '@/lib/api'
import { failureToast } from '@/lib/failure-toast'
import { notify } from './toaster'

interface Mutation<Input, Result> {
  mutate: (input: Input, callbacks: { onSuccess: (result: Result) => void; onError: (error: Error) => void }) => void
  isPending: boolean
}

export function MutationButton<Input, Result>({
  mutation,
  input,
  success,
  failure,
  ...props
}: Omit<ButtonProps, 'onClick' | 'loading'> & {
  mutation: Mutation<Input, Result>
  input: Input
  success: (result: Result) => Parameters<typeof notify>[0]
  failure: string
}) {
  return (
    <Button
      {...props}
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(input, {
          onSuccess: (result) => notify(success(result)),
          onError: (error) => notify(failureToast(failure, errorMessage(error))),
        })
      }
    />
  )
}
