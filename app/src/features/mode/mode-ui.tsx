// The header's Demo / On-Chain switch.
import { Badge, HStack, Switch, Text } from '@chakra-ui/react'
import { DeferredTooltip } from '@/components/ui/deferred-tooltip'
import { useMode } from './mode-data-access'

export function ModeSwitch() {
  const { mode, setMode } = useMode()
  const onChain = mode === 'onchain'
  return (
    <DeferredTooltip
      content={
        onChain
          ? 'On-Chain Mode: real devnet transactions, real SOL is needed.'
          : 'Demo Mode: your real wallet, simulated transactions, no real SOL spent.'
      }
    >
      <HStack gap="2">
        <Text fontSize="sm" color={onChain ? 'fg.muted' : 'fg'} hideBelow="sm">
          Demo
        </Text>
        <Switch.Root
          checked={onChain}
          onCheckedChange={({ checked }) => setMode(checked ? 'onchain' : 'demo')}
          colorPalette="purple"
          aria-label="On-Chain Mode"
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
        </Switch.Root>
        <Text fontSize="sm" color={onChain ? 'fg' : 'fg.muted'} hideBelow="sm">
          On-Chain
        </Text>
        <Badge colorPalette={onChain ? 'green' : 'orange'} variant="subtle" hideBelow="md">
          {onChain ? 'On-Chain Mode' : 'Demo Mode'}
        </Badge>
      </HStack>
    </DeferredTooltip>
  )
}
