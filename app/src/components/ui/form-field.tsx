// A form's field: its label, its input, and its error, else its helper (required unless said).
import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function FormField({
  label,
  error,
  helper,
  required = true,
  children,
}: {
  label: ReactNode
  error?: string | null
  helper?: ReactNode
  required?: boolean
  children: ReactNode
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  )
}
