import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { daysFromNow, makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import type { ChatMessage, Poll } from '@marquee/api-contract'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const film = makeProject({ id: 7, title: 'Open Water', studioId: 3, studioName: 'A24' })

function fakeHub({ voted = false } = {}) {
  const messages: ChatMessage[] = [
    { id: 1, projectId: 7, sender: 'Bob1...', senderId: 'bob', text: 'Welcome', timestamp: daysFromNow(0), attachment: null },
  ]
  const poll: Poll = {
    id: 4,
    question: 'Which poster?',
    options: [
      { id: 10, text: 'Blue', votes: 1 },
      { id: 11, text: 'Red', votes: 3 },
    ],
    totalVotes: 4,
    status: 'active',
    endDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    myVote: null,
  }
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    'GET /api/projects/7': () => film,
    [`GET /api/collaboration/7?wallet=${ADDRESS}`]: () => ({
      projectId: 7,
      team: [{ id: 0, name: 'Ada Lens', role: 'Director', avatarUrl: null }],
      topInvestors: [{ id: 'alice', name: 'Alic...1234', avatarUrl: null, stake: 0.75 }],
      counts: { teamMembers: 1, investors: 2, updates: 1, polls: 1, messages: 1 },
      viewerIsStudio: false,
    }),
    'GET /api/collaboration/7/messages': () => messages,
    'POST /api/collaboration/7/messages': ({ body }) => {
      const message = { id: messages.length + 1, projectId: 7, sender: 'me', senderId: ADDRESS, text: (body as { text: string }).text, timestamp: daysFromNow(0), attachment: null }
      messages.push(message)
      return message
    },
    'GET /api/collaboration/7/updates': () => [{ id: 2, title: 'Wrap party', description: 'We wrapped.', date: daysFromNow(-1), author: 'A24' }],
    [`GET /api/collaboration/7/polls?wallet=${ADDRESS}`]: () => [poll],
    'POST /api/collaboration/7/polls/4/votes': () =>
      voted
        ? new Response(JSON.stringify({ message: "Already Voted: You've already cast your vote on this poll." }), { status: 409 })
        : { ...poll, myVote: 10 },
  })
}

describe('Collaboration dashboard', () => {
  it('asks for a wallet first', async () => {
    installFakeApi({})
    renderApp('/collaboration/7')
    expect(await screen.findByText('Connect Your Wallet')).toBeInTheDocument()
  })

  it('shows the hub: heading, studio line, team, stakes, status counts', async () => {
    fakeHub()
    renderApp('/collaboration/7', { connected: true })
    expect(await screen.findByRole('heading', { name: 'Open Water Collaboration' })).toBeInTheDocument()
    expect(screen.getByText('Studio #3 · A24')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Project/ })).toHaveAttribute('href', '/project/7')
    expect(await screen.findByText('Ada Lens')).toBeInTheDocument()
    expect(screen.getByText('75.00%')).toBeInTheDocument()
    expect(screen.getByTestId('hub-investors')).toHaveTextContent('2')
    expect(await screen.findByText('Welcome')).toBeInTheDocument()
  })

  it('sends with Enter, ignores a blank message and says Message Sent', async () => {
    const api = fakeHub()
    renderApp('/collaboration/7', { connected: true })
    const input = await screen.findByRole('textbox', { name: 'Message' })
    fireEvent.change(input, { target: { value: '   ' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    fireEvent.click(screen.getByRole('button', { name: /Send/ }))
    expect(api.find('POST', '/api/collaboration/7/messages')).toHaveLength(0)
    fireEvent.change(input, { target: { value: 'Hello team' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(await screen.findByText('Message Sent')).toBeInTheDocument()
    expect(api.find('POST', '/api/collaboration/7/messages')[0].body).toEqual({ walletAddress: ADDRESS, text: 'Hello team' })
    expect(await screen.findByText('Hello team')).toBeInTheDocument()
    expect(screen.getByText('You')).toBeInTheDocument()
    await waitFor(() => expect(input).toHaveValue(''))
  })

  it('Discuss opens the chat quoting the update', async () => {
    fakeHub()
    renderApp('/collaboration/7', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Updates' }))
    fireEvent.click(await screen.findByRole('button', { name: /Discuss/ }))
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('Re: "Wrap party" — ')
  })

  it('votes with Vote Option {n} and says Vote Recorded', async () => {
    const api = fakeHub()
    renderApp('/collaboration/7', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Polls & Voting' }))
    expect(await screen.findByText('3 votes (75%)')).toBeInTheDocument()
    expect(screen.getByText('Active')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Vote Option 1' }))
    expect(await screen.findByText('Vote Recorded')).toBeInTheDocument()
    expect(api.find('POST', '/api/collaboration/7/polls/4/votes')[0].body).toEqual({ walletAddress: ADDRESS, optionId: 10 })
  })

  it('says Already Voted on a second vote', async () => {
    fakeHub({ voted: true })
    renderApp('/collaboration/7', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Polls & Voting' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Vote Option 2' }))
    expect(await screen.findByText('Already Voted')).toBeInTheDocument()
    expect(screen.getByText("You've already cast your vote on this poll.")).toBeInTheDocument()
  })
})
