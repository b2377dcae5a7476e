// A mutation sent through the current mode's MarqueeClient (the demo wallet or the connected one):
// refused before anything is built without a usable wallet, and followed by the feature's refresh
// whatever the outcome. Every feature's chain action goes through it.
import { useMutation } from '@/lib/use-mutation'
import { useMarqueeClient } from '@/features/wallet/wallet-bridge'
import type { MarqueeClient } from './marquee-client'

export class WalletNotConnectedError extends Error {
  constructor() {
    super('Wallet not connected')
  }
}

export function useClientMutation<Input, Result>(send: (client: MarqueeClient, input: Input) => Promise<Result>, onSettled: () => unknown) {
  const client = useMarqueeClient()
  return useMutation({
    mutationFn: (input: Input) => {
      if (!client) throw new WalletNotConnectedError()
      return send(client, input)
    },
    onSettled,
  })
}
