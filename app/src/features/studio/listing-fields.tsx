// The listing's fields, one way for both screens that show them: the Production Portal's listing
// form (every field) and the edit of a listed film (the metadata fields). A field is its label from
// LISTING_LABELS, its input, and its error, else its helper.
import { Input, Textarea, type InputProps } from '@chakra-ui/react'
import { FormField } from '@/components/ui/form-field'
import { OptionSelect } from '@/components/ui/option-select'
import { LICENSE_TYPES } from '@/constants'
import { LISTING_LABELS, type ListingErrors, type ListingField, type ListingForm } from './listing-logic'

/** What one screen adds to a field: a helper under it and attributes of its input (bounds, placeholder). */
export type ListingFieldExtras = Partial<Record<ListingField, { helper?: string; input?: InputProps }>>

const INPUT_TYPES: Partial<Record<ListingField, string>> = { releaseYear: 'number', fundingGoal: 'number', deadline: 'date' }

/** The fields named, in order, each with its input for the form's value. */
export function ListingFields({
  fields,
  form,
  errors,
  onChange,
  extras = {},
}: {
  fields: ListingField[]
  form: ListingForm
  errors: ListingErrors
  onChange: (field: ListingField, value: string) => void
  extras?: ListingFieldExtras
}) {
  return fields.map((name) => {
    const change = (event: { target: { value: string } }) => onChange(name, event.target.value)
    return (
      <FormField key={name} label={LISTING_LABELS[name]} error={errors[name]} helper={extras[name]?.helper}>
        {name === 'licenseType' ? (
          <OptionSelect value={form.licenseType} options={LICENSE_TYPES.map((type) => ({ value: type, label: type }))} onChange={(value) => onChange(name, value)} />
        ) : name === 'description' ? (
          <Textarea rows={4} value={form.description} onChange={change} />
        ) : (
          <Input type={INPUT_TYPES[name]} {...extras[name]?.input} value={form[name]} onChange={change} />
        )}
      </FormField>
    )
  })
}
