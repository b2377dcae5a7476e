// The app's one dialog shell: a centred Chakra dialog with a title, a body, Cancel and the confirm
// button, and the corner close button. With `formLabel` the content is a form of that name, so Enter
// in a field confirms as the button does.
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

export interface FormDialogConfirm {
  label: ReactNode
  onConfirm: () => void
  busy: boolean
  /** Said on the button while busy (Chakra's loadingText); the spinner alone without it. */
  busyText?: string
}

export function FormDialog({
  open = true,
  onOpenChange,
  title,
  confirm,
  formLabel,
  children,
}: {
  open?: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  confirm: FormDialogConfirm
  formLabel?: string
  children: ReactNode
}) {
  const confirmButton = (
    <Button type={formLabel ? 'submit' : 'button'} colorPalette="purple" onClick={formLabel ? undefined : confirm.onConfirm} loading={confirm.busy} loadingText={confirm.busyText}>
      {confirm.label}
    </Button>
  )
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        {confirmButton}
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    confirm.onConfirm()
  }
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => onOpenChange(next)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {formLabel ? (
              <form onSubmit={submit} noValidate aria-label={formLabel}>
                {parts}
              </form>
            ) : (
              parts
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
