// Edit of a listed film's metadata (description, director, year, licence, genres). The metadata is a
// content-addressed document: the edit stores a new one and update_project_metadata, sent through the
// mode's client, records its URI and sha256 on chain; the film shows it once that is indexed. The
// title, goal and deadline are the chain's own fields and stay as listed.
import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { notify } from '@/components/ui/toaster'
import { transactionUrl } from '@/features/chain/chain-ui'
import { useMode } from '@/features/mode/mode-data-access'
import { LICENSE_TYPES } from '@/constants'
import { errorMessage } from '@/lib/api'
import type { Project } from '@marquee/api-contract'
import { LISTING_LABELS, hasErrors, parseGenres, validateListing, type ListingErrors, type ListingForm } from './listing-logic'
import { useEditListing } from './studio-data-access'

export const EDIT_SUCCESS_TITLE = 'Listing updated'
export const editSuccessDescription = (title: string) => `${title} shows its new details; their hash is recorded on chain.`

/** The listing rules minus those of fields an edit does not touch (goal and deadline are on chain). */
function editErrors(form: ListingForm): ListingErrors {
  const { fundingGoal: _goal, deadline: _deadline, ...errors } = validateListing(
    { ...form, fundingGoal: '1', deadline: '2999-01-01' },
    { minWindowDays: 0, maxWindowDays: Number.POSITIVE_INFINITY, fundingCapUsd: null },
  )
  return errors
}

export function EditListingDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const edit = useEditListing()
  const { mode } = useMode()
  const [form, setForm] = useState<ListingForm>({
    title: project.title,
    description: project.description,
    directorName: project.directorName,
    releaseYear: project.releaseYear ? String(project.releaseYear) : '',
    licenseType: project.licenseType ?? LICENSE_TYPES[0],
    fundingGoal: '',
    deadline: '',
    genres: project.genres.join(', '),
  })
  const [errors, setErrors] = useState<ListingErrors>({})
  const set = (field: keyof ListingForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }))

  const save = () => {
    const found = editErrors(form)
    setErrors(found)
    if (hasErrors(found)) return
    edit.mutate(
      {
        project,
        edit: {
          description: form.description.trim(),
          directorName: form.directorName.trim(),
          releaseYear: Number(form.releaseYear),
          licenseType: form.licenseType,
          genres: parseGenres(form.genres),
        },
      },
      {
        onSuccess: (updated) => {
          notify({
            title: EDIT_SUCCESS_TITLE,
            description: editSuccessDescription(project.title),
            link: { label: 'View transaction', href: transactionUrl(mode, updated.txHash) },
          })
          onClose()
        },
        onError: (error) => notify({ title: 'Update failed', description: errorMessage(error), variant: 'destructive' }),
      },
    )
  }

  const field = (name: keyof ListingForm, input: React.ReactNode) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>{LISTING_LABELS[name]}</Field.Label>
      {input}
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  )

  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Edit {project.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  Saving records the new details' hash on chain. The title, goal and deadline stay as listed.
                </Text>
                {field('directorName', <Input value={form.directorName} onChange={set('directorName')} />)}
                {field('releaseYear', <Input type="number" value={form.releaseYear} onChange={set('releaseYear')} />)}
                {field(
                  'licenseType',
                  <NativeSelect.Root>
                    <NativeSelect.Field value={form.licenseType} onChange={set('licenseType')}>
                      {LICENSE_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>,
                )}
                {field('genres', <Input value={form.genres} onChange={set('genres')} />)}
                {field('description', <Textarea rows={4} value={form.description} onChange={set('description')} />)}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="purple" onClick={save} loading={edit.isPending} loadingText="Saving...">
                Save
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
