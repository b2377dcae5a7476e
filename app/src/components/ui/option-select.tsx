// The app's one native select: a list of options (value and label), the chosen value, and a callback
// with the value picked. `placeholder` adds a first, empty option (nothing chosen yet).
import { NativeSelect, type NativeSelectRootProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface SelectOption {
  value: string | number
  label: ReactNode
}

export function OptionSelect({
  options,
  value,
  onChange,
  label,
  placeholder,
  ...root
}: Omit<NativeSelectRootProps, 'onChange' | 'children'> & {
  options: readonly SelectOption[]
  value: string | number
  onChange: (value: string) => void
  /** The select's accessible name, where no field label names it. */
  label?: string
  placeholder?: string
}) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
