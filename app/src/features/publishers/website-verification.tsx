// Verifying a publisher's website: unverified → the verify form → verified. The form asks the
// server for a token, shows where the site must serve it, and has the server check the site; a
// failed check keeps the form open with the server's reason.
import { Alert, Badge, Box, Button, Card, Code, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useReducer, useState } from 'react'
import { LuShieldCheck } from 'react-icons/lu'
import { notify } from '@/components/ui/toaster'
import { describeError } from '@/lib/describe-error'
import type { PublisherWebsite } from '@marquee/api-contract'
import { useCheckVerification, useRequestVerification } from './publishers-data-access'
import {
  initialVerification,
  validateInlineVerify,
  validateProjectVerify,
  verificationFailedToast,
  verificationReducer,
  websiteVerifiedToast,
} from './verification-logic'

/** The server's reason for refusing (its JSON `message`), as describeError reads it. */
export const serverReason = describeError

export function VerifiedWebsites({ websites }: { websites: PublisherWebsite[] }) {
  return (
    <HStack gap="2" wrap="wrap">
      {websites.map((site) => (
        <Badge key={site.origin} colorPalette="green" size="lg">
          <LuShieldCheck /> Website Verified: {site.origin}
        </Badge>
      ))}
    </HStack>
  )
}

export function WebsiteVerification({
  verified,
  withContactEmail = false,
  startOpen = false,
  onCancel,
}: {
  verified: boolean
  /** The project page's form also asks for a contact email, required too. */
  withContactEmail?: boolean
  startOpen?: boolean
  onCancel?: () => void
}) {
  const [state, dispatch] = useReducer(verificationReducer, verified, (isVerified) =>
    startOpen && !isVerified ? { ...initialVerification(false), view: 'form' as const } : initialVerification(isVerified),
  )
  const [websiteUrl, setWebsiteUrl] = useState('')
  const [contactEmail, setContactEmail] = useState('')
  const requestToken = useRequestVerification()

  if (state.view === 'unverified') {
    return (
      <Stack gap="3" align="start">
        <Text color="fg.muted">Verify your website to use Marquee embed codes.</Text>
        <Button colorPalette="purple" onClick={() => dispatch({ type: 'openForm' })}>
          Verify Website
        </Button>
      </Stack>
    )
  }
  if (state.view === 'verified' && !state.pending) {
    return (
      <Stack gap="3" align="start">
        <Text color="fg.muted">Verify another website:</Text>
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'openForm' })}>
          Verify Website
        </Button>
      </Stack>
    )
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const validation = withContactEmail ? validateProjectVerify(websiteUrl, contactEmail) : validateInlineVerify(websiteUrl)
    if (!validation.ok) {
      notify(validation.toast)
      return
    }
    requestToken.mutate(
      { websiteUrl: validation.websiteUrl, ...(validation.contactEmail ? { contactEmail: validation.contactEmail } : {}) },
      {
        onSuccess: (website) => {
          if (website.status === 'verified') {
            notify(websiteVerifiedToast(website.origin))
            dispatch({ type: 'verified' })
          } else dispatch({ type: 'tokenIssued', website })
        },
        onError: (error) => notify(verificationFailedToast(serverReason(error))),
      },
    )
  }

  const pending = state.pending
  return (
    <Card.Root variant="outline" w="full">
      <Card.Body gap="4">
        <form onSubmit={submit} aria-label="Verify your website">
          <Stack gap="3">
            <Field.Root>
              <Field.Label>Website URL</Field.Label>
              <Input
                value={websiteUrl}
                onChange={(event) => setWebsiteUrl(event.target.value)}
                placeholder="https://your-website.com"
                inputMode="url"
                disabled={pending !== null}
              />
            </Field.Root>
            {withContactEmail && (
              <Field.Root>
                <Field.Label>Contact Email</Field.Label>
                <Input
                  type="email"
                  value={contactEmail}
                  onChange={(event) => setContactEmail(event.target.value)}
                  placeholder="you@your-website.com"
                  disabled={pending !== null}
                />
              </Field.Root>
            )}
            {!pending && (
              <HStack>
                <Button type="submit" colorPalette="purple" loading={requestToken.isPending} loadingText="Verifying...">
                  Verify Website
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => {
                    dispatch({ type: 'cancel' })
                    onCancel?.()
                  }}
                >
                  Cancel
                </Button>
              </HStack>
            )}
          </Stack>
        </form>
        {pending && (
          <PendingVerification
            website={pending}
            error={state.error}
            onVerified={() => dispatch({ type: 'verified' })}
            onCheckFailed={(reason) => dispatch({ type: 'checkFailed', reason })}
            onCancel={() => dispatch({ type: 'cancel' })}
          />
        )}
      </Card.Body>
    </Card.Root>
  )
}

/**
 * Where the site must serve its token (a file or a meta tag) and the Check Website button; a
 * failed check shows the server's reason and leaves the website unverified.
 */
export function PendingVerification({
  website,
  error,
  onVerified,
  onCheckFailed,
  onCancel,
}: {
  website: PublisherWebsite
  error: string | null
  onVerified: () => void
  onCheckFailed: (reason: string) => void
  onCancel: () => void
}) {
  const check = useCheckVerification()
  const runCheck = () =>
    check.mutate(website.websiteUrl, {
      onSuccess: (checked) => {
        notify(websiteVerifiedToast(checked.origin))
        onVerified()
      },
      onError: (failure) => {
        const reason = serverReason(failure)
        onCheckFailed(reason)
        notify(verificationFailedToast(reason))
      },
    })
  return (
    <Stack gap="3" data-testid="verification-instructions">
      <Text fontSize="sm">
        Prove that <b>{website.origin}</b> is yours: serve this token as the file <Code fontSize="xs">{website.wellKnownUrl}</Code>
      </Text>
      <Box>
        <Code display="block" p="2" fontSize="xs" data-testid="verification-token">
          {website.token}
        </Code>
      </Box>
      <Text fontSize="sm">or put this tag in the &lt;head&gt; of {website.websiteUrl}:</Text>
      <Code display="block" p="2" fontSize="xs" whiteSpace="pre-wrap">
        {website.metaTag}
      </Code>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <HStack>
        <Button colorPalette="purple" onClick={runCheck} loading={check.isPending} loadingText="Checking...">
          Check Website
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  )
}
