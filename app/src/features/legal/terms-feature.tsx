// Terms of Service (/terms): what Marquee is, the two modes, what each role agrees to, and the limits
// of what the platform promises — written for this product, from what it does.
import { Text } from '@chakra-ui/react'
import { MIN_INVESTMENT_SOL, REVENUE_SPLIT_PERCENT } from '@/constants'
import { LegalPage, type LegalSection } from './legal-page'

export const TERMS_UPDATED = '25 November 2026'

const SECTIONS: LegalSection[] = [
  {
    id: 'service',
    title: '1. The service',
    body: (
      <>
        <Text>
          Marquee is a marketplace where studios raise money to license their films, investors buy shares of a film's licence, publishers embed
          funded films on their websites and advertisers pay for the ads shown before and during them. The rules that move money — funding goals,
          deadlines, refunds, shares and the split of ad revenue — are enforced by the Marquee program on the Solana blockchain, not by us.
        </Text>
        <Text>
          Ad revenue of a film is split {REVENUE_SPLIT_PERCENT.investors}% to its investors (in proportion to their shares),{' '}
          {REVENUE_SPLIT_PERCENT.publishers}% to the publishers whose embeds counted the views and {REVENUE_SPLIT_PERCENT.platform}% to the
          platform.
        </Text>
      </>
    ),
  },
  {
    id: 'modes',
    title: '2. Demo mode and On-Chain mode',
    body: (
      <>
        <Text>
          In Demo mode every transaction runs on a demonstration chain kept by the Marquee server. Its SOL is play money: it has no value, cannot
          be withdrawn and may be reset at any time. The server holds the keys that sign on that chain for each connected wallet. The Marquee
          Demo Wallet is a key kept in your browser for trying the demo; never send real funds to it.
        </Text>
        <Text>
          In On-Chain mode transactions are sent to Solana's devnet and signed by your own wallet. You alone control your keys; Marquee never
          holds them and cannot reverse, cancel or refund a confirmed transaction.
        </Text>
      </>
    ),
  },
  {
    id: 'accounts',
    title: '3. Your wallet is your account',
    body: (
      <Text>
        You sign in by signing a message with your wallet (no transaction, no fee). You are responsible for your wallet, its keys and every
        transaction it signs. A session lasts at most a day and ends when you disconnect.
      </Text>
    ),
  },
  {
    id: 'investors',
    title: '4. Investing',
    body: (
      <Text>
        An investment is at least {MIN_INVESTMENT_SOL} SOL and at most what a film still needs. If a film does not reach its goal by its deadline
        you may take back exactly what you put in. Shares entitle you to a part of the film's future ad revenue, which may be small or nothing; a
        share is not a security of any company and Marquee promises no return.
      </Text>
    ),
  },
  {
    id: 'studios',
    title: '5. Studios',
    body: (
      <Text>
        A studio lists only films whose licence it holds and describes them truthfully: title, synopsis, poster, trailer and goal. Verification
        documents must be genuine; the platform admin may decline an application and give the reason. Funds raised are released to the studio
        once, when it claims the licence of a funded film.
      </Text>
    ),
  },
  {
    id: 'publishers-advertisers',
    title: '6. Publishers and advertisers',
    body: (
      <Text>
        Publishers embed films only on websites they control and verified, and must not inflate views (automated plays, hidden players, paid
        clicks): views are counted once per viewer and period and uncounted views earn nothing. Advertisers are responsible for their creatives
        and target audience; a campaign's unspent budget is returned when it is closed after its end.
      </Text>
    ),
  },
  {
    id: 'content',
    title: '7. Content you upload',
    body: (
      <Text>
        Posters, trailers, ad creatives and documents you upload must be yours to share. Files in the media store are addressed by their content
        hash and anyone with the address can read them: upload nothing you need kept secret. We may remove content that breaks these terms or
        the law.
      </Text>
    ),
  },
  {
    id: 'liability',
    title: '8. No warranty',
    body: (
      <Text>
        Marquee is provided as is. Blockchains, wallets and networks fail or slow down; we are not liable for losses caused by them, by a lost
        key or by a transaction you signed. Nothing here limits a liability the law does not allow us to limit.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: '9. Changes',
    body: <Text>We may change these terms; the date above says when they last changed. Using Marquee after a change means accepting it.</Text>,
  },
]

export default function TermsFeature() {
  return <LegalPage title="Terms of Service" updated={TERMS_UPDATED} intro="The rules of using Marquee, in plain words." sections={SECTIONS} />
}
