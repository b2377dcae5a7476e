// Debug page (/debug): the current cluster's projects, the wallet's investments and unclaimed
// revenue, the registered embeds, and the five contract actions run through the active client, a
// tab each (debug-*-tab.tsx); the mode switch, the platform's admin and, on the demo chain, its clock above them.
import { HStack, SegmentGroup, Stack, Text } from '@chakra-ui/react'
import { PageHeading } from '@/components/ui/page-heading'
import { TabSet, type TabSpec } from '@/components/ui/tab-set'
import { useMode, type Mode } from '@/features/mode/mode-data-access'
import { ActionsTab } from './debug-actions-tab'
import { PlatformAdminLine } from './debug-admin'
import { DemoClock } from './debug-clock'
import { EmbedsTab } from './debug-embeds-tab'
import { InvestmentsTab } from './debug-investments-tab'
import { ProjectsTab } from './debug-projects-tab'
import { RevenueTab } from './debug-revenue-tab'

const DEBUG_TABS: TabSpec[] = [
  { value: 'projects', label: 'Projects', content: <ProjectsTab /> },
  { value: 'investments', label: 'Investments', content: <InvestmentsTab /> },
  { value: 'revenue', label: 'Revenue', content: <RevenueTab /> },
  { value: 'embeds', label: 'Embed Library', content: <EmbedsTab /> },
  { value: 'actions', label: 'Actions', content: <ActionsTab /> },
]

export default function DebugFeature() {
  return (
    <Stack gap="6">
      <PageHeading title="Marquee Debug">Inspect the indexed data of the current cluster and run the contract actions directly.</PageHeading>
      <ModeSegment />
      <PlatformAdminLine />
      <DemoClock />
      <TabSet variant="enclosed" tabs={DEBUG_TABS} />
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
