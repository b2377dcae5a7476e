// The portal's Studio Settings: the studio's name and description (saved for the wallet's session),
// and the wallet card whose Change Wallet opens the wallet modal.
import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'
import { useState } from 'react'
import { notify } from '@/components/ui/toaster'
import { SectionCard } from '@/components/ui/section-card'
import { errorMessage } from '@/lib/api'
import type { StudioOverview } from '@marquee/api-contract'
import { useSaveStudioProfile } from './studio-data-access'

export const STUDIO_NAME_MAX = 64
export const STUDIO_DESCRIPTION_MAX = 2000

export function StudioSettingsTab({ overview }: { overview: StudioOverview }) {
  const save = useSaveStudioProfile()
  // Opens the wallet modal, where another wallet can be chosen.
  const { connect: openWalletModal } = useWalletConnection()
  const [name, setName] = useState(overview.profile?.name ?? overview.studio?.name ?? '')
  const [description, setDescription] = useState(overview.profile?.description ?? '')
  const nameError = name.trim() === '' ? 'Studio name is required' : name.length > STUDIO_NAME_MAX ? `At most ${STUDIO_NAME_MAX} characters` : null

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (nameError) return
    save.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: () => notify({ title: 'Settings saved', description: 'Your studio details were updated.' }),
        onError: (error) => notify({ title: 'Saving failed', description: errorMessage(error), variant: 'destructive' }),
      },
    )
  }

  return (
    <Stack gap="4" pt="4" maxW="2xl">
      <SectionCard title="Studio details">
        <form onSubmit={submit} aria-label="Studio details">
          <Stack gap="4">
            <Field.Root invalid={Boolean(nameError)} required>
              <Field.Label>Studio name</Field.Label>
              <Input value={name} maxLength={STUDIO_NAME_MAX} onChange={(event) => setName(event.target.value)} />
              {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>Studio description</Field.Label>
              <Textarea rows={4} maxLength={STUDIO_DESCRIPTION_MAX} value={description} onChange={(event) => setDescription(event.target.value)} />
            </Field.Root>
            <Button type="submit" colorPalette="purple" alignSelf="start" loading={save.isPending} loadingText="Saving...">
              Save Changes
            </Button>
          </Stack>
        </form>
      </SectionCard>
      <SectionCard title="Wallet" gap="2">
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {overview.walletAddress}
        </Text>
        {overview.chainAddress !== overview.walletAddress && (
          <Text fontSize="xs" color="fg.muted">
            Demo signing key: {overview.chainAddress}
          </Text>
        )}
        <HStack>
          <Button size="sm" variant="outline" onClick={openWalletModal}>
            Change Wallet
          </Button>
        </HStack>
      </SectionCard>
    </Stack>
  )
}
