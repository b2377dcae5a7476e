// The debug page's Embed Library tab: each funded project's embed code and the embeds registered for it.
import { Card, Code, Stack, Text } from '@chakra-ui/react'
import { useProjects } from '@/features/projects/projects-data-access'
import { useEmbeds } from './debug-data-access'

export function EmbedsTab() {
  const projects = useProjects()
  const embeds = useEmbeds()
  const funded = (projects.data ?? []).filter((project) => project.embeddableCode)
  return (
    <Stack gap="4">
      {funded.map((project) => (
        <Card.Root key={project.id} size="sm">
          <Card.Body gap="2">
            <Text fontWeight="semibold">{project.title}</Text>
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
