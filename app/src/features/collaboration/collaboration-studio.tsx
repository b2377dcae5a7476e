// The studio's tools on its own hub: post an update, open a poll with an end date, name the team.
// The server checks the studio again; these forms only exist so the studio need not use the API.
import { Button, Card, Field, Heading, HStack, Input, Stack, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { readableError } from '@/components/ui/error-alert'
import { notify } from '@/components/ui/toaster'
import { MS_PER_DAY } from '@/constants'
import { useAddTeamMember, useCreatePoll, useCreateUpdate } from './collaboration-data-access'

function failed(title: string) {
  return (error: Error) => notify({ title, description: readableError(error), variant: 'destructive' })
}

export function NewUpdateForm({ projectId }: { projectId: number }) {
  const create = useCreateUpdate(projectId)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { title, description },
      {
        onSuccess: () => {
          notify({ title: 'Update posted' })
          setTitle('')
          setDescription('')
        },
        onError: failed('Update not posted'),
      },
    )
  }
  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body gap="3">
        <Heading size="sm">Post an update</Heading>
        <Field.Root required>
          <Field.Label>Update title</Field.Label>
          <Input value={title} onChange={(event) => setTitle(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Update description</Field.Label>
          <Textarea value={description} onChange={(event) => setDescription(event.target.value)} />
        </Field.Root>
        <Button type="submit" alignSelf="start" colorPalette="purple" loading={create.isPending}>
          Post Update
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

const DEFAULT_POLL_DAYS = 7
const dateInput = (time: number) => new Date(time).toISOString().slice(0, 10)

export function NewPollForm({ projectId }: { projectId: number }) {
  const create = useCreatePoll(projectId)
  const [question, setQuestion] = useState('')
  const [options, setOptions] = useState(['', ''])
  const [endDate, setEndDate] = useState(() => dateInput(Date.now() + DEFAULT_POLL_DAYS * MS_PER_DAY))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      // The poll ends at the end of the chosen day (UTC).
      { question, options, endDate: new Date(`${endDate}T23:59:59.999Z`).toISOString() },
      {
        onSuccess: () => {
          notify({ title: 'Poll created' })
          setQuestion('')
          setOptions(['', ''])
        },
        onError: failed('Poll not created'),
      },
    )
  }
  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body gap="3">
        <Heading size="sm">Create a poll</Heading>
        <Field.Root required>
          <Field.Label>Poll question</Field.Label>
          <Input value={question} onChange={(event) => setQuestion(event.target.value)} />
        </Field.Root>
        {options.map((option, index) => (
          <Field.Root key={index} required>
            <Field.Label>Option {index + 1}</Field.Label>
            <Input value={option} onChange={(event) => setOptions(options.map((old, at) => (at === index ? event.target.value : old)))} />
          </Field.Root>
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
        <Field.Root required>
          <Field.Label>Poll end date</Field.Label>
          <Input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />
        </Field.Root>
        <Button type="submit" alignSelf="start" colorPalette="purple" loading={create.isPending}>
          Create Poll
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

export function NewTeamMemberForm({ projectId }: { projectId: number }) {
  const add = useAddTeamMember(projectId)
  const [name, setName] = useState('')
  const [role, setRole] = useState('')
  const [avatarUrl, setAvatarUrl] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(
      { name, role, ...(avatarUrl.trim() ? { avatarUrl: avatarUrl.trim() } : {}) },
      {
        onSuccess: () => {
          setName('')
          setRole('')
          setAvatarUrl('')
        },
        onError: failed('Team member not added'),
      },
    )
  }
  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body gap="3">
        <Heading size="sm">Add a team member</Heading>
        <Stack direction={{ base: 'column', md: 'row' }}>
          <Field.Root required>
            <Field.Label>Member name</Field.Label>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Member role</Field.Label>
            <Input value={role} placeholder="Director, Producer, Writer…" onChange={(event) => setRole(event.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Avatar URL</Field.Label>
            <Input value={avatarUrl} placeholder="https://" onChange={(event) => setAvatarUrl(event.target.value)} />
          </Field.Root>
        </Stack>
        <Button type="submit" alignSelf="start" variant="outline" loading={add.isPending}>
          Add Member
        </Button>
      </Card.Body>
    </Card.Root>
  )
}
