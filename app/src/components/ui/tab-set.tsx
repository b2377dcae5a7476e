// Tabs from a list: a trigger and a panel each, the first open to begin with. Panels mount when
// first opened unless `lazyMount` is false.
import { Tabs } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface TabSpec {
  value: string
  label: ReactNode
  content: ReactNode
}

export function TabSet({ tabs, variant = 'line', lazyMount = true }: { tabs: TabSpec[]; variant?: 'line' | 'enclosed'; lazyMount?: boolean }) {
  return (
    <Tabs.Root defaultValue={tabs[0].value} variant={variant} lazyMount={lazyMount}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
