import { Button, Spinner, type ButtonProps } from '@chakra-ui/react'

/**
 * A button that keeps its label while its action runs: disabled, with a spinner beside the label.
 * Chakra's `loading` hides the label (or swaps in `loadingText`), but the spec names these buttons
 * by their label in every state ("'Pay {amount} SOL' is disabled while processing").
 */
export function BusyButton({ busy, disabled, children, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button {...props} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <Spinner size="sm" aria-hidden="true" />}
      {children}
    </Button>
  )
}
