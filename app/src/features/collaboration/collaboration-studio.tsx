// The studio's tools on its own hub: post an update, open a poll with an end date, name the team.
// The server checks the studio again; these forms only exist so the studio need not use the API.
import { Button, Card, Heading, HStack, Input, Stack, Textarea, type ButtonProps } from '@chakra-ui/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { readableError } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { notify } from '@/components/ui/toaster'
import { MS_PER_DAY } from '@/constants'
import { failureToast } from '@/lib/failure-toast'
import { useAddTeamMember, useCreatePoll, useCreateUpdate } from './collaboration-data-access'

/** Sends `input` through `mutation` on submit: `done` on success, a toast titled `failure` otherwise. */
function submitter<Input>(
  mutation: { mutate: (input: Input, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void },
  input: () => Input,
  done: () => void,
  failure: string,
) {
  return (event: FormEvent) => {
    event.preventDefault()
    mutation.mutate(input(), {
      onSuccess: done,
      onError: (error) => notify(failureToast(failure, readableError(error))),
    })
  }
}

/** One of the studio's forms: a card with its heading, its fields and a submit button. */
function StudioForm({
  heading,
  submit,
  pending,
  action,
  variant,
  children,
}: {
  heading: string
  submit: (event: FormEvent) => void
  pending: boolean
  action: string
  variant?: ButtonProps['variant']
  children: ReactNode
}) {
  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body gap="3">
        <Heading size="sm">{heading}</Heading>
        {children}
        <Button type="submit" alignSelf="start" {...(variant ? { variant } : { colorPalette: 'purple' })} loading={pending}>
          {action}
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

export function NewUpdateForm({ projectId }: { projectId: number }) {
  const create = useCreateUpdate(projectId)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const posted = () => {
    notify({ title: 'Update posted' })
    setTitle('')
    setDescription('')
  }
  return (
    <StudioForm
      heading="Post an update"
      action="Post Update"
      pending={create.isPending}
      submit={submitter(create, () => ({ title, description }), posted, 'Update not posted')}
    >
      <FormField label="Update title">
        <Input value={title} onChange={(event) => setTitle(event.target.value)} />
      </FormField>
      <FormField label="Update description">
        <Textarea value={description} onChange={(event) => setDescription(event.target.value)} />
      </FormField>
    </StudioForm>
  )
}

const DEFAULT_POLL_DAYS = 7
const dateInput = (time: number) => new Date(time).toISOString().slice(0, 10)

export function NewPollForm({ projectId }: { projectId: number }) {
  const create = useCreatePoll(projectId)
  const [question, setQuestion] = useState('')
  const [options, setOptions] = useState(['', ''])
  const [endDate, setEndDate] = useState(() => dateInput(Date.now() + DEFAULT_POLL_DAYS * MS_PER_DAY))
  // The poll ends at the end of the chosen day (UTC).
  const poll = () => ({ question, options, endDate: new Date(`${endDate}T23:59:59.999Z`).toISOString() })
  const created = () => {
    notify({ title: 'Poll created' })
    setQuestion('')
    setOptions(['', ''])
  }
  return (
    <StudioForm heading="Create a poll" action="Create Poll" pending={create.isPending} submit={submitter(create, poll, created, 'Poll not created')}>
      <FormField label="Poll question">
        <Input value={question} onChange={(event) => setQuestion(event.target.value)} />
      </FormField>
      {options.map((option, index) => (
        <FormField key={index} label={`Option ${index + 1}`}>
          <Input value={option} onChange={(event) => setOptions(options.map((old, at) => (at === index ? event.target.value : old)))} />
        </FormField>
      ))}
      <HStack>
        <Button type="button" size="sm" variant="outline" onClick={() => setOptions([...options, ''])}>
          Add option
        </Button>
        {options.length > 2 && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setOptions(options.slice(0, -1))}>
            Remove last option
          </Button>
        )}
      </HStack>
      <FormField label="Poll end date">
        <Input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />
      </FormField>
    </StudioForm>
  )
}

export function NewTeamMemberForm({ projectId }: { projectId: number }) {
  const add = useAddTeamMember(projectId)
  const [name, setName] = useState('')
  const [role, setRole] = useState('')
  const [avatarUrl, setAvatarUrl] = useState('')
  const member = () => ({ name, role, ...(avatarUrl.trim() ? { avatarUrl: avatarUrl.trim() } : {}) })
  const added = () => {
    setName('')
    setRole('')
    setAvatarUrl('')
  }
  return (
    <StudioForm
      heading="Add a team member"
      action="Add Member"
      variant="outline"
      pending={add.isPending}
      submit={submitter(add, member, added, 'Team member not added')}
    >
      <Stack direction={{ base: 'column', md: 'row' }}>
        <FormField label="Member name">
          <Input value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField label="Member role">
          <Input value={role} placeholder="Director, Producer, Writer…" onChange={(event) => setRole(event.target.value)} />
        </FormField>
        <FormField label="Avatar URL" required={false}>
          <Input value={avatarUrl} placeholder="https://" onChange={(event) => setAvatarUrl(event.target.value)} />
        </FormField>
      </Stack>
    </StudioForm>
  )
}
