// Privacy Policy (/privacy): exactly what Marquee stores — on the chain, in its database, in the
// media store, in the browser — why, and for how long; the cookies section is the footer's Cookie Policy.
import { List, Text } from '@chakra-ui/react'
import { LegalPage, type LegalSection } from './legal-page'

export const PRIVACY_UPDATED = '25 November 2026'

const SECTIONS: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <Text>
        Marquee knows you by your wallet address. It asks for no name, no password and no e-mail to use the marketplace. What you do on chain is
        public by nature; what Marquee keeps beside it is listed below.
      </Text>
    ),
  },
  {
    id: 'chain',
    title: 'Public on the blockchain',
    body: (
      <Text>
        Investments, refunds, listings, licence claims, embeds, campaigns and revenue claims are Solana transactions: your wallet address, the
        amounts and the times are public and permanent, on devnet (On-Chain mode) or on the demo chain (Demo mode). Marquee indexes them to show
        the marketplace; it cannot delete them.
      </Text>
    ),
  },
  {
    id: 'stored',
    title: 'What Marquee stores',
    body: (
      <List.Root ps="5" gap="1">
        <List.Item>Your wallet address and a user record named after it, created when you connect.</List.Item>
        <List.Item>
          Sign-in: a one-time nonce for a few minutes, then a signed session cookie valid for at most 24 hours. The signed message proves you hold
          the wallet; it sends no transaction.
        </List.Item>
        <List.Item>
          Demo mode: a demo key the server holds for your wallet on the demo chain, funded with play money. The first wallet that signs in on a new
          demo is recorded as its platform admin.
        </List.Item>
        <List.Item>
          Uploaded media: posters, trailers, ad creatives and verification documents, stored by their content hash. Verification applications
          also keep the studio name, contact e-mail, website and description you give.
        </List.Item>
        <List.Item>Studio settings, publisher websites and API keys, campaign details (company, e-mail, website, audience) you enter.</List.Item>
        <List.Item>Messages, updates and votes you post in a film's collaboration space.</List.Item>
        <List.Item>
          Views of embedded films: the film, the embed, the time, the ad shown and the network (IP) address the play came from. Addresses are used
          to count one view per viewer and period, to limit abuse and to group views by address; they are never shown to studios, publishers or
          advertisers, who see counts only.
        </List.Item>
        <List.Item>Which of your notifications you have read.</List.Item>
      </List.Root>
    ),
  },
  {
    id: 'use',
    title: 'Why',
    body: (
      <Text>
        To run the marketplace: show films and their funding, sign you in, count paid views fairly, settle ad revenue, review studios and answer
        your requests. Marquee sells no data and shows no third-party trackers.
      </Text>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <List.Root ps="5" gap="1">
        <List.Item>marquee_session: your signed-in session (HttpOnly, at most 24 hours), removed when you disconnect.</List.Item>
        <List.Item>marquee-mode: whether you chose Demo or On-Chain mode, so the first page is drawn in that mode.</List.Item>
        <List.Item>
          Browser storage: the chosen mode, the last wallet you connected (to reconnect it) and, if you use it, the Marquee Demo Wallet's key. Clearing
          your browser's site data removes them; the demo wallet's key cannot be recovered after that.
        </List.Item>
      </List.Root>
    ),
  },
  {
    id: 'retention',
    title: 'How long',
    body: (
      <Text>
        Nonces expire within minutes and sessions within a day. Chain data and the index built from it last as long as the chain; a demo chain is
        deleted with the server's data folder. Uploaded media, applications and view records are kept while the platform runs so that payouts
        and reviews can be checked.
      </Text>
    ),
  },
]

export default function PrivacyFeature() {
  return <LegalPage title="Privacy Policy" updated={PRIVACY_UPDATED} intro="What Marquee stores about you, and why." sections={SECTIONS} />
}
