// Studio Verification (/verification): the four-step tracker from real state, the
// application form (documents uploaded to the media store), the wallet's signature (register_studio),
// the spec's texts and benefits — and, for the platform admin's wallet only, the review of applications.
import { Badge, Box, Button, Card, Field, Heading, HStack, Input, Progress, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { LuBadgeCheck, LuCircle, LuCircleCheck, LuCircleX, LuLoader, LuRocket, LuTrendingUp } from 'react-icons/lu'
import { ErrorAlert } from '@/components/ui/error-alert'
import { MutationButton } from '@/components/ui/mutation-button'
import { notify } from '@/components/ui/toaster'
import { SectionCard } from '@/components/ui/section-card'
import { PageHeading } from '@/components/ui/page-heading'
import { VERIFICATION_DOCUMENT_MAX, VERIFICATION_REVIEW_DAYS } from '@/constants'
import { errorMessage } from '@/lib/api'
import { formatUsd } from '@/lib/format'
import type { StudioOverview } from '@marquee/api-contract'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { thumbnailError } from '@/features/studio/listing-logic'
import { usePlatform, useRegisterStudio, useStudioOverview } from '@/features/studio/studio-data-access'
import { AdminReview } from './admin-review'
import { SupportContact } from './support-contact'
import {
  EMPTY_APPLICATION,
  canApply,
  trackerSteps,
  validateApplication,
  type ApplicationErrors,
  type ApplicationForm,
  type StepState,
  type TrackerStep,
} from './verification-logic'
import { useSubmitApplication } from './verification-data-access'
import { TitledNote } from '@/components/ui/titled-note'

export default function VerificationFeature() {
  return (
    <WalletGate explanation="Connect your studio's Solana wallet to apply for verification and follow its review." preview={<VerificationPreview />}>
      <Verification />
    </WalletGate>
  )
}

// The steps a studio goes through, for a visitor without a wallet (the tracker shows them live once connected).
const VERIFICATION_STEPS = [
  { title: 'Connect your studio wallet', text: 'Sign in with the wallet your studio lists its films from.' },
  { title: 'Register your studio', text: 'Your wallet signs register_studio: the studio exists on chain, unverified.' },
  { title: 'Submit your application', text: 'Your studio name, contact e-mail, website, a description and your company documents.' },
  { title: 'Review and decision', text: 'The platform admin reviews the documents and approves with verify_studio, or declines with a reason.' },
]

/** What verification offers and its steps, readable before connecting a wallet. */
function VerificationPreview() {
  return (
    <Stack gap="6">
      <PageHeading title="Studio Verification">
        Verified studios carry a badge, rank higher and may raise more per film. Verification review takes {VERIFICATION_REVIEW_DAYS} business days.
      </PageHeading>
      <Card.Root>
        <Card.Body>
          <Stack gap="3" as="ol" aria-label="How verification works">
            {VERIFICATION_STEPS.map((step, index) => (
              <HStack as="li" key={step.title} align="start" gap="3">
                <Badge colorPalette="purple" variant="subtle">
                  {index + 1}
                </Badge>
                <TitledNote title={step.title}>{step.text}</TitledNote>
              </HStack>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Benefits />
      <SupportContact />
    </Stack>
  )
}

/** The spec's email promise holds where the server has a mail transport; elsewhere the page says the bell is the notice. */
function EmailNoticeCaveat() {
  const platform = usePlatform()
  if (!platform.data || platform.data.emailNotices) return null
  return <>This server sends no email (no mail transport is configured): the decision arrives in the bell only.</>
}

function Verification() {
  const overview = useStudioOverview()
  if (overview.isPending) return <Skeleton h="64" />
  if (overview.isError) return <ErrorAlert error={overview.error} onRetry={overview.refetch} />
  return (
    <Stack gap="6">
      <PageHeading title="Studio Verification">
        Verification review takes {VERIFICATION_REVIEW_DAYS} business days. You will receive an email notice at your contact address once it is
        decided, and a notice in your notifications (the bell). <EmailNoticeCaveat />
      </PageHeading>
      <Tracker steps={trackerSteps(overview.data)} />
      <NextAction overview={overview.data} />
      <Benefits />
      <SupportContact />
      {overview.data.isAdmin && <AdminReview />}
    </Stack>
  )
}

const STATE_ICON: Record<StepState, React.ReactNode> = {
  completed: <LuCircleCheck color="var(--chakra-colors-green-500)" />,
  'in-progress': <LuLoader color="var(--chakra-colors-purple-500)" />,
  pending: <LuCircle color="var(--chakra-colors-gray-400)" />,
  rejected: <LuCircleX color="var(--chakra-colors-red-500)" />,
}
const STATE_LABEL: Record<StepState, string> = { completed: 'Completed', 'in-progress': 'In progress', pending: 'Pending', rejected: 'Rejected' }

function Tracker({ steps }: { steps: TrackerStep[] }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4" as="ol" aria-label="Verification progress">
          {steps.map((step, index) => (
            <HStack as="li" key={step.key} align="start" gap="3" data-testid={`step-${step.key}`} data-state={step.state}>
              <Box fontSize="xl" pt="0.5">
                {STATE_ICON[step.state]}
              </Box>
              <Stack gap="1" flex="1">
                <HStack justify="space-between">
                  <Text fontWeight="semibold">
                    {index + 1}. {step.title}
                  </Text>
                  <Badge colorPalette={step.state === 'completed' ? 'green' : step.state === 'rejected' ? 'red' : step.state === 'in-progress' ? 'purple' : 'gray'}>
                    {STATE_LABEL[step.state]}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {step.detail}
                </Text>
                {step.progress !== undefined && (
                  <Progress.Root value={step.progress} size="xs" colorPalette="purple" aria-label={`${step.title} progress`}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                )}
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

/** What the studio can do now: apply (again), or sign the registration with its wallet. */
function NextAction({ overview }: { overview: StudioOverview }) {
  if (canApply(overview)) return <ApplicationFormCard overview={overview} />
  if (!overview.studio) return <WalletVerification overview={overview} />
  return null
}

function WalletVerification({ overview }: { overview: StudioOverview }) {
  const register = useRegisterStudio()
  const name = overview.application?.studioName ?? overview.profile?.name ?? ''
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading size="md">Wallet Verification</Heading>
        <Text fontSize="sm" color="fg.muted">
          Sign your studio's registration with this wallet: it proves the wallet is your studio's and records the studio on chain.
        </Text>
        <MutationButton
          alignSelf="start"
          colorPalette="purple"
          loadingText="Signing..."
          mutation={register}
          input={name.slice(0, 64)}
          success={() => ({ title: 'Wallet verified', description: 'Your studio is registered on chain.' })}
          failure="Wallet verification failed"
        >
          Sign with wallet
        </MutationButton>
      </Card.Body>
    </Card.Root>
  )
}

function ApplicationFormCard({ overview }: { overview: StudioOverview }) {
  const submit = useSubmitApplication()
  const [form, setForm] = useState<ApplicationForm>({
    ...EMPTY_APPLICATION,
    studioName: overview.application?.studioName ?? overview.profile?.name ?? overview.studio?.name ?? '',
  })
  const [files, setFiles] = useState<File[]>([])
  const [errors, setErrors] = useState<ApplicationErrors>({})
  const set = (field: keyof ApplicationForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }))

  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])].slice(0, VERIFICATION_DOCUMENT_MAX)
    const problem = chosen.map((file) => thumbnailError(file)).find(Boolean)
    setErrors((current) => ({ ...current, documents: problem ? `${problem.replace('The thumbnail', 'Each document')}` : undefined }))
    setFiles(problem ? [] : chosen)
  }

  const send = (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateApplication(form, files.length)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    submit.mutate(
      { form, files },
      {
        onSuccess: () => notify({ title: 'Application submitted', description: 'The platform reviews your documents next.' }),
        onError: (error) => notify({ title: 'Submission failed', description: errorMessage(error), variant: 'destructive' }),
      },
    )
  }

  const field = (name: keyof ApplicationForm, label: string, input: React.ReactNode) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>{label}</Field.Label>
      {input}
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  )

  return (
    <SectionCard title={overview.application?.status === 'rejected' ? 'Apply again' : 'Apply for verification'}>
      <form onSubmit={send} noValidate aria-label="Verification application">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {field('studioName', 'Studio name', <Input value={form.studioName} onChange={set('studioName')} />)}
            {field('contactEmail', 'Contact email', <Input type="email" value={form.contactEmail} onChange={set('contactEmail')} />)}
          </SimpleGrid>
          {field('website', 'Studio website', <Input value={form.website} onChange={set('website')} placeholder="https://" />)}
          {field('description', 'About your studio', <Textarea rows={3} value={form.description} onChange={set('description')} />)}
          <Field.Root invalid={Boolean(errors.documents)} required>
            <Field.Label>Documents (business registration, distribution rights; JPG/PNG, max 10MB each)</Field.Label>
            <Input type="file" multiple accept="image/jpeg,image/png" p="1" onChange={(event) => pick(event.target.files)} />
            {errors.documents ? <Field.ErrorText>{errors.documents}</Field.ErrorText> : <Field.HelperText>Up to {VERIFICATION_DOCUMENT_MAX} files</Field.HelperText>}
          </Field.Root>
          <Button type="submit" colorPalette="purple" alignSelf="start" loading={submit.isPending} loadingText="Submitting...">
            Submit Application
          </Button>
        </Stack>
      </form>
    </SectionCard>
  )
}

function Benefits() {
  const platform = usePlatform()
  const benefits = [
    { icon: <LuBadgeCheck />, title: 'Verified badge', text: 'A verified badge on your studio and every film you list.' },
    { icon: <LuRocket />, title: 'Improved visibility', text: 'Your films rank higher in search and in the featured lists.' },
    {
      icon: <LuTrendingUp />,
      title: 'Higher funding limits',
      text: platform.data
        ? `Ask up to ${formatUsd(platform.data.verifiedFundingCap)} per film instead of ${formatUsd(platform.data.unverifiedFundingCap)}.`
        : 'A higher funding cap per film.',
    },
  ]
  return (
    <Stack gap="3">
      <Heading size="lg">Benefits of verification</Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {benefits.map((benefit) => (
          <Card.Root key={benefit.title}>
            <Card.Body gap="2">
              <HStack gap="2" color="purple.500">
                {benefit.icon}
                <Text fontWeight="semibold" color="fg">
                  {benefit.title}
                </Text>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {benefit.text}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
