// Auto-List All Funded Movies: API keys scoped to one verified website. A key is shown once, when
// it is created, with the catalogue snippet that lists every funded film on that site; keys can be
// revoked at any time.
import { Alert, Button, Field, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { notify } from '@/components/ui/toaster'
import { OptionSelect } from '@/components/ui/option-select'
import { errorMessage } from '@/lib/api'
import { formatDate } from '@/lib/format'
import type { PublisherApiKey, PublisherWebsite } from '@marquee/api-contract'
import { EmbedCode } from './embed-code'
import { useApiKeys, useAutoListFilms, useCreateApiKey, useRevokeApiKey } from './publishers-data-access'

export function ApiKeys({ websites }: { websites: PublisherWebsite[] }) {
  const keys = useApiKeys()
  const create = useCreateApiKey()
  const revoke = useRevokeApiKey()
  const autoList = useAutoListFilms()
  const [origin, setOrigin] = useState(websites[0]?.origin ?? '')
  const [created, setCreated] = useState<PublisherApiKey | null>(null)

  const submit = () =>
    create.mutate(origin, {
      onSuccess: (key) => setCreated(key),
      onError: (error) => notify({ title: 'API key not created', description: errorMessage(error), variant: 'destructive' }),
    })

  // An auto-listed film earns once its embed is registered: on the demo chain the server signs them with the wallet's demo
  // key; on a real cluster the wallet signs them, a few films to each transaction.
  const listFilms = () =>
    autoList.mutate(origin, {
      onSuccess: ({ registered }) =>
        notify({
          title: registered.length > 0 ? `${registered.length} funded films listed on ${origin}` : `Every funded film is already listed on ${origin}`,
          description: 'Their views on this website now count and earn like registered embeds.',
        }),
      onError: (error) => notify({ title: 'Films not listed', description: errorMessage(error), variant: 'destructive' }),
    })

  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        An API key lists every funded film on your verified website, each with its player. It works only on the website it was
        created for.
      </Text>
      <HStack align="end" wrap="wrap">
        <Field.Root w="auto">
          <Field.Label>Website for the key</Field.Label>
          <OptionSelect size="sm" w="72" value={origin} options={websites.map((site) => ({ value: site.origin, label: site.origin }))} onChange={setOrigin} />
        </Field.Root>
        <Button size="sm" colorPalette="purple" onClick={submit} loading={create.isPending} disabled={!origin}>
          Create API Key
        </Button>
        <Button size="sm" variant="outline" colorPalette="purple" onClick={listFilms} loading={autoList.isPending} disabled={!origin}>
          Register Funded Films for Earnings
        </Button>
      </HStack>
      {created?.key && (
        <Alert.Root status="info" flexDirection="column" alignItems="stretch" gap="2">
          <Alert.Title>Your API key for {created.origin} — copy it now, it is shown only once</Alert.Title>
          <Text fontFamily="mono" fontSize="sm" data-testid="api-key">
            {created.key}
          </Text>
          {created.catalogueSnippet && <EmbedCode code={created.catalogueSnippet} verified label="Copy Auto-List Code" />}
        </Alert.Root>
      )}
      {keys.data && keys.data.length > 0 && (
        <Table.Root size="sm" aria-label="API keys">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Key</Table.ColumnHeader>
              <Table.ColumnHeader>Website</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {keys.data.map((key) => (
              <Table.Row key={key.id}>
                <Table.Cell fontFamily="mono">{key.prefix}…</Table.Cell>
                <Table.Cell>{key.origin}</Table.Cell>
                <Table.Cell>{formatDate(key.createdAt)}</Table.Cell>
                <Table.Cell>{key.revokedAt ? `Revoked ${formatDate(key.revokedAt)}` : 'Active'}</Table.Cell>
                <Table.Cell textAlign="end">
                  {!key.revokedAt && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      loading={revoke.isPending && revoke.variables === key.id}
                      onClick={() =>
                        revoke.mutate(key.id, {
                          onSuccess: () => setCreated((shown) => (shown?.id === key.id ? null : shown)),
                          onError: (error) => notify({ title: 'Not revoked', description: errorMessage(error), variant: 'destructive' }),
                        })
                      }
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  )
}
