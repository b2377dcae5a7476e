// Toasts: at most one visible, 5000 ms, F8 focuses the region, swipe right 50 px to dismiss.
import {
  Toaster as ChakraToaster,
  Link,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
  type CreateToasterReturn,
} from '@chakra-ui/react'
import { useRef, type PointerEvent } from 'react'
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_MAX_VISIBLE, TOAST_SWIPE_THRESHOLD_PX } from '@/constants'
import { withReason, type failureToast } from '@/lib/failure-toast'

export const toaster: CreateToasterReturn = createToaster({
  placement: 'bottom-end',
  max: TOAST_MAX_VISIBLE,
  duration: TOAST_DURATION_MS,
  hotkey: TOAST_HOTKEY,
  pauseOnPageIdle: true,
})

export type ToastVariant = 'default' | 'destructive'

/** The product's toast: title, optional description, variant default or destructive. */
/** With one toast visible at a time, the newest replaces the current one instead of queueing behind it. */
/** A link under the description (a transaction view, for instance); it opens in a new tab. */
export interface ToastLink {
  label: string
  href: string
}

export function notify(toast: { title: string; description?: string; variant?: ToastVariant; link?: ToastLink }): void {
  toaster.remove()
  toaster.create({
    title: toast.title,
    description: toast.description,
    type: toast.variant === 'destructive' ? 'error' : 'success',
    duration: TOAST_DURATION_MS,
    meta: toast.link ? { link: toast.link } : undefined,
  })
}

function SwipeableToast({ id, children }: { id: string; children: React.ReactNode }) {
  const startX = useRef<number | null>(null)
  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (startX.current !== null && event.clientX - startX.current >= TOAST_SWIPE_THRESHOLD_PX) toaster.dismiss(id)
    startX.current = null
  }
  return (
    <Toast.Root width={{ md: 'sm' }} maxW={{ md: '420px' }} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
      {children}
    </Toast.Root>
  )
}

/** An action's onError: the error logged for the developer, and the spec's failure toast with its reason for the user. */
export function notifyFailure(toast: ReturnType<typeof failureToast>) {
  return (error: unknown) => {
    console.error(error)
    notify(withReason(toast, error))
  }
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <SwipeableToast id={toast.id!}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              {toast.meta?.link && (
                <Link href={(toast.meta.link as ToastLink).href} target="_blank" rel="noreferrer" fontSize="sm" textDecoration="underline">
                  {(toast.meta.link as ToastLink).label}
                </Link>
              )}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger />
          </SwipeableToast>
        )}
      </ChakraToaster>
    </Portal>
  )
}
