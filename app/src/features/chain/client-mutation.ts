// A mutation sent through the current mode's MarqueeClient (the demo wallet or the connected one):
// sent once the wallet's client is ready, refused before anything is built when no usable wallet
// comes, and followed by the feature's refresh whatever the outcome. Every feature's chain action
// goes through it.
import { useMutation } from '@/lib/use-mutation'
import { useReadyMarqueeClient } from '@/features/wallet/wallet-bridge'
import type { MarqueeClient } from './marquee-client'

export class WalletNotConnectedError extends Error {
  constructor() {
    super('Wallet not connected')
  }
}

export function useClientMutation<Input, Result>(send: (client: MarqueeClient, input: Input) => Promise<Result>, onSettled: () => unknown) {
  // A click may come while the wallet is still reconnecting or signing in (after a page load): the
  // action waits for its client, pending meanwhile, rather than failing as if there were no wallet.
  const readyClient = useReadyMarqueeClient()
  return useMutation({
    mutationFn: async (input: Input) => {
      const client = await readyClient()
      if (!client) throw new WalletNotConnectedError()
      return send(client, input)
    },
    onSettled,
  })
}
