// Debug page (/debug): the current cluster's projects, the wallet's investments and unclaimed
// revenue, the registered embeds, and the five contract actions run through the active client, a
// tab each (debug-*-tab.tsx); the mode switch and, on the demo chain, its clock above them.
import { Heading, HStack, SegmentGroup, Stack, Tabs, Text } from '@chakra-ui/react'
import { useMode, type Mode } from '@/features/mode/mode-data-access'
import { ActionsTab } from './debug-actions-tab'
import { DemoClock } from './debug-clock'
import { EmbedsTab } from './debug-embeds-tab'
import { InvestmentsTab } from './debug-investments-tab'
import { ProjectsTab } from './debug-projects-tab'
import { RevenueTab } from './debug-revenue-tab'

export default function DebugFeature() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading size="2xl">Marquee Debug</Heading>
        <Text color="fg.muted">Inspect the indexed data of the current cluster and run the contract actions directly.</Text>
      </Stack>
      <ModeSegment />
      <DemoClock />
      <Tabs.Root defaultValue="projects" variant="enclosed" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="projects">Projects</Tabs.Trigger>
          <Tabs.Trigger value="investments">Investments</Tabs.Trigger>
          <Tabs.Trigger value="revenue">Revenue</Tabs.Trigger>
          <Tabs.Trigger value="embeds">Embed Library</Tabs.Trigger>
          <Tabs.Trigger value="actions">Actions</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="projects">
          <ProjectsTab />
        </Tabs.Content>
        <Tabs.Content value="investments">
          <InvestmentsTab />
        </Tabs.Content>
        <Tabs.Content value="revenue">
          <RevenueTab />
        </Tabs.Content>
        <Tabs.Content value="embeds">
          <EmbedsTab />
        </Tabs.Content>
        <Tabs.Content value="actions">
          <ActionsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}

function ModeSegment() {
  const { mode, setMode } = useMode()
  return (
    <HStack>
      <Text fontSize="sm" id="debug-mode-label">
        Mode
      </Text>
      <SegmentGroup.Root value={mode} onValueChange={(event) => setMode(event.value as Mode)} aria-labelledby="debug-mode-label">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={[{ value: 'demo', label: 'demo' }, { value: 'onchain', label: 'onchain' }]} />
      </SegmentGroup.Root>
    </HStack>
  )
}
