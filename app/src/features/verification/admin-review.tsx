// The platform admin's review of studio applications (shown only to the wallet that is Platform.admin
// on this cluster; the server refuses the list and the decisions to anyone else): each application
// with its documents; Approve sends verify_studio, Reject records a reason the studio reads.
import { Badge, Button, Card, Field, Heading, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { QueryList } from '@/components/ui/query-list'
import { notify } from '@/components/ui/toaster'
import { errorMessage } from '@/lib/api'
import { formatDateTime, shortenAddress } from '@/lib/format'
import type { VerificationApplication } from '@marquee/api-contract'
import { useApplications, useApproveApplication, useRejectApplication } from './verification-data-access'

export function AdminReview() {
  const applications = useApplications(true)
  return (
    <Stack gap="3" as="section" aria-label="Studio applications">
      <HStack gap="2">
        <Heading size="lg">Studio applications</Heading>
        <Badge colorPalette="orange">Platform admin</Badge>
      </HStack>
      <QueryList query={applications} empty="No applications yet." skeletonHeight="24">
        {(application) => <ApplicationCard key={application.id} application={application} />}
      </QueryList>
    </Stack>
  )
}

function ApplicationCard({ application }: { application: VerificationApplication }) {
  const approve = useApproveApplication()
  const reject = useRejectApplication()
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const registered = Boolean(application.studio)
  const open = application.status === 'submitted'

  const onReject = () => {
    if (!reason.trim()) {
      setReasonError('Give the studio a reason')
      return
    }
    setReasonError(null)
    reject.mutate(
      { application, reason: reason.trim() },
      {
        onSuccess: () => notify({ title: 'Application rejected', description: `${application.studioName} can read your reason.` }),
        onError: (error) => notify({ title: 'Rejection failed', description: errorMessage(error), variant: 'destructive' }),
      },
    )
  }

  return (
    <Card.Root data-testid={`application-${application.id}`}>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="semibold">{application.studioName}</Text>
            <Text fontSize="xs" color="fg.muted" fontFamily="mono" title={application.walletAddress}>
              {shortenAddress(application.walletAddress)} · submitted {formatDateTime(application.submittedAt)}
            </Text>
          </Stack>
          <Badge colorPalette={application.status === 'approved' ? 'green' : application.status === 'rejected' ? 'red' : 'purple'}>
            {application.status}
          </Badge>
        </HStack>
        <Text fontSize="sm">{application.description}</Text>
        <Text fontSize="sm" color="fg.muted">
          {application.contactEmail} ·{' '}
          <Link href={application.website} target="_blank" rel="noreferrer">
            {application.website}
          </Link>
        </Text>
        <HStack gap="3" wrap="wrap">
          {application.documents.map((document) => (
            <Link key={document.sha256} href={document.url} target="_blank" rel="noreferrer" fontSize="sm">
              {document.name}
            </Link>
          ))}
        </HStack>
        {application.rejectionReason && (
          <Text fontSize="sm" color="red.500">
            Rejected: {application.rejectionReason}
          </Text>
        )}
        {open && (
          <Stack gap="2">
            {!registered && (
              <Text fontSize="sm" color="fg.muted">
                Waiting for the studio's wallet verification (register_studio) before it can be verified on chain.
              </Text>
            )}
            <Field.Root invalid={Boolean(reasonError)}>
              <Field.Label>Rejection reason</Field.Label>
              <Textarea rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
              {reasonError && <Field.ErrorText>{reasonError}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="2">
              <Button
                colorPalette="green"
                size="sm"
                disabled={!registered}
                loading={approve.isPending}
                loadingText="Approving..."
                onClick={() =>
                  approve.mutate(application, {
                    onSuccess: () => notify({ title: 'Studio verified', description: `${application.studioName} is verified on chain.` }),
                    onError: (error) => notify({ title: 'Approval failed', description: errorMessage(error), variant: 'destructive' }),
                  })
                }
              >
                Approve
              </Button>
              <Button colorPalette="red" variant="outline" size="sm" loading={reject.isPending} onClick={onReject}>
                Reject
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}
