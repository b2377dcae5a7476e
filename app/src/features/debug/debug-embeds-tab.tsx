// The debug page's Embed Library tab: each funded project's embed code, with a button copying it,
// and the embeds registered for it.
import { Button, Card, Code, HStack, Stack, Text } from '@chakra-ui/react'
import { LuCopy } from 'react-icons/lu'
import { useProjects } from '@/features/projects/projects-data-access'
import { copyToClipboard } from '@/features/publishers/embed-code'
import { useEmbeds } from './debug-data-access'
import { EMBED_CODE_COPIED, embedCodeCopyFailed } from './debug-logic'

export function EmbedsTab() {
  const projects = useProjects()
  const embeds = useEmbeds()
  const funded = (projects.data ?? []).filter((project) => project.embeddableCode)
  return (
    <Stack gap="4">
      {funded.map((project) => (
        <Card.Root key={project.id} size="sm">
          <Card.Body gap="2">
            <HStack justify="space-between" gap="2">
              <Text fontWeight="semibold">{project.title}</Text>
              <Button size="xs" variant="outline" aria-label={`Copy embed code of ${project.title}`} onClick={() => void copyToClipboard(project.embeddableCode!, EMBED_CODE_COPIED, embedCodeCopyFailed)}>
                <LuCopy /> Copy embed code
              </Button>
            </HStack>
            <Code whiteSpace="pre-wrap" wordBreak="break-all" p="2">
              {project.embeddableCode}
            </Code>
            {(embeds.data ?? [])
              .filter((embed) => embed.projectId === project.id)
              .map((embed) => (
                <Text key={embed.id} fontSize="sm" color="fg.muted">
                  {embed.embedId} · {embed.websiteUrl}
                </Text>
              ))}
          </Card.Body>
        </Card.Root>
      ))}
      {funded.length === 0 && <Text color="fg.muted">No funded project has an embed code yet.</Text>}
    </Stack>
  )
}
