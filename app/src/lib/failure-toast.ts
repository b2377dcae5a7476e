// The toast of something that went wrong: its title, what the user can do, in the destructive style.
import { describeError } from './describe-error'

export const failureToast = (title: string, description: string) => ({ title, description, variant: 'destructive' as const })

/** A spec failure toast kept as written, with the reason of `error` beside its text. */
export function withReason(toast: ReturnType<typeof failureToast>, error: unknown) {
  return { ...toast, description: `${toast.description} Reason: ${describeError(error)}` }
}
