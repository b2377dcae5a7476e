// The portal's Projects tab: the studio's films in the spec's studio-project shape with their
// actions — Edit (the film's metadata), Mint NFT (a Token-2022 licence certificate, 'Minting...'
// while it runs), Release Funds (claim_license of a funded film, once) — and Add New Movie License.
import { Badge, Button, Card, Heading, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { LuPlus } from 'react-icons/lu'
import { Link as RouterLink } from 'react-router-dom'
import { TableFrame } from '@/components/ui/data-table'
import { MutationButton } from '@/components/ui/mutation-button'
import { notify } from '@/components/ui/toaster'
import { MINT_MIN_MS } from '@/constants'
import { errorMessage } from '@/lib/api'
import { formatCount, formatDate, formatPercentage, formatSol, formatUsd, shortenAddress, sleep } from '@/lib/format'
import type { Project } from '@marquee/api-contract'
import { useMode } from '@/features/mode/mode-data-access'
import { transactionUrl, useTransactionLink } from '@/features/chain/chain-ui'
import { EditListingDialog } from './edit-listing-dialog'
import { statusBadge, studioProject, type StudioProject } from './studio-summary'
import { useCertificates, useMintCertificate, useReleaseFunds } from './studio-data-access'

const lamportsToSol = (lamports: string | undefined) => Number(lamports ?? 0) / 1e9

export function ProjectsTab({ projects, loading, onAdd }: { projects: Project[]; loading: boolean; onAdd: () => void }) {
  const [editing, setEditing] = useState<Project | null>(null)
  const rows = projects.map(studioProject)
  return (
    <Stack gap="4" pt="4">
      <HStack justify="space-between">
        <Heading size="lg">Licensed movie projects</Heading>
        <Button colorPalette="purple" onClick={onAdd}>
          <LuPlus /> Add New Movie License
        </Button>
      </HStack>
      {loading ? (
        <Skeleton h="40" />
      ) : rows.length === 0 ? (
        <Card.Root>
          <Card.Body alignItems="center" textAlign="center" gap="2" py="8">
            <Text fontWeight="semibold">No movies listed yet</Text>
            <Text color="fg.muted" fontSize="sm">
              List an existing movie for licence funding to see it here.
            </Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <TableFrame
          headers={[
            { header: 'Title' },
            { header: 'Year' },
            { header: 'Status' },
            { header: 'License' },
            { header: 'Listed' },
            { header: 'Funding', end: true },
            { header: 'Revenue', end: true },
            { header: 'Views', end: true },
            { header: 'Actions' },
          ]}
        >
          {rows.map((row) => (
            <ProjectRow key={row.id} row={row} onEdit={() => setEditing(row.project)} />
          ))}
        </TableFrame>
      )}
      {editing && <EditListingDialog project={editing} onClose={() => setEditing(null)} />}
    </Stack>
  )
}

function ProjectRow({ row, onEdit }: { row: StudioProject; onEdit: () => void }) {
  const badge = statusBadge(row)
  return (
    <Table.Row data-testid={`studio-project-${row.id}`}>
      <Table.Cell>
        <Stack gap="0">
          <Link asChild fontWeight="semibold">
            <RouterLink to={`/project/${row.id}`}>{row.title}</RouterLink>
          </Link>
          <Certificates projectId={row.id} />
        </Stack>
      </Table.Cell>
      <Table.Cell>{row.releaseYear ?? '—'}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={badge.palette}>{badge.label}</Badge>
      </Table.Cell>
      <Table.Cell>{row.licenseType || '—'}</Table.Cell>
      <Table.Cell>{formatDate(row.listingDate)}</Table.Cell>
      <Table.Cell textAlign="end">{formatPercentage(row.fundingProgress)}%</Table.Cell>
      <Table.Cell textAlign="end">{formatUsd(row.revenueGenerated)}</Table.Cell>
      <Table.Cell textAlign="end">{formatCount(row.viewCount)}</Table.Cell>
      <Table.Cell>
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <MintButton project={row.project} />
          {row.status === 'funded' && <ReleaseFunds project={row.project} />}
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
}

/** The film's minted licence certificates, each linked to the transaction that minted it. */
function Certificates({ projectId }: { projectId: number }) {
  const { mode } = useMode()
  const certificates = useCertificates(projectId)
  if (!certificates.data?.length) return null
  return (
    <HStack gap="1" fontSize="xs" color="fg.muted" wrap="wrap">
      <Text>Licence NFT</Text>
      {certificates.data.map((certificate) => (
        <Link key={certificate.mint} href={transactionUrl(mode, certificate.txHash)} target="_blank" rel="noreferrer" fontFamily="mono" title={certificate.mint}>
          {shortenAddress(certificate.mint)}
        </Link>
      ))}
    </HStack>
  )
}

/** claim_license: the raised SOL goes to the studio's wallet, once; afterwards the row says so. */
function ReleaseFunds({ project }: { project: Project }) {
  const link = useTransactionLink()
  const release = useReleaseFunds()
  const raised = lamportsToSol(project.raisedLamports)
  if (project.fundsReleased)
    return (
      <Badge colorPalette="green" variant="outline">
        Funds released
      </Badge>
    )
  return (
    <MutationButton
      size="xs"
      colorPalette="green"
      loadingText="Releasing..."
      mutation={release}
      input={project}
      success={(txHash) => ({
        title: 'Funds released',
        description: `${formatSol(raised, 3)} raised for ${project.title} went to your wallet.`,
        link: link(txHash),
      })}
      failure="Release failed"
    >
      Release {formatSol(raised, 3)}
    </MutationButton>
  )
}

/** Mint NFT: a real Token-2022 licence certificate of the film, 'Minting...' while it runs. */
function MintButton({ project }: { project: Project }) {
  const link = useTransactionLink()
  const mint = useMintCertificate()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const [minted] = await Promise.all([mint.mutateAsync(project), sleep(MINT_MIN_MS)])
      notify({
        title: 'Licence NFT minted',
        description: `Certificate mint ${shortenAddress(minted.mint)} for ${project.title}.`,
        link: link(minted.txHash),
      })
    } catch (error) {
      notify({ title: 'Minting failed', description: errorMessage(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button size="xs" variant="outline" loading={busy} loadingText="Minting..." onClick={run}>
      Mint NFT
    </Button>
  )
}
