// The header's bell: the signed-in wallet's unread count; opened, its notifications; choosing an
// unread one marks it read (POST /api/notifications/read with its id) and opens its screen, a read
// one is not marked again. Signed out, the bell asks for no list. The Admin badge shows for the
// wallet /api/platform names as admin only.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Notification } from '@marquee/api-contract'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()

const REVENUE: Notification = {
  id: 'revenue-claimable:4',
  kind: 'revenue-claimable',
  title: 'Revenue to claim',
  message: 'Midnight Harbor: 0.000015 SOL of ad revenue is ready to claim.',
  href: '/claim-revenue',
  createdAt: '2026-11-25T10:00:00.000Z',
  read: false,
}
const FUNDED: Notification = { ...REVENUE, id: 'film-funded:2', kind: 'film-funded', title: 'Film funded', message: 'Neon Rain reached its goal.', href: '/project/2', read: true }

function api({ adminWallet = null as string | null } = {}) {
  let list = [REVENUE, FUNDED]
  return installFakeApi({
    'POST /api/users': ({ body }) => ({ id: 7, ...(body as object) }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    'GET /api/platform': () => ({ admin: 'AdminKey', adminWallet, adminSource: adminWallet ? 'first-sign-in' : null }),
    'GET /api/notifications': () => ({ notifications: list, unreadCount: list.filter((notice) => !notice.read).length }),
    'POST /api/notifications/read': ({ body }) => {
      const ids = (body as { ids: string[] }).ids
      list = list.map((notice) => (ids.includes(notice.id) ? { ...notice, read: true } : notice))
      return { marked: ids.length, unreadCount: list.filter((notice) => !notice.read).length }
    },
  })
}

/** Opens the menu as a mouse does (the menu opens on pointer down). */
function openMenu(trigger: HTMLElement) {
  fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' })
  fireEvent.click(trigger)
}

describe('notification bell', () => {
  it('shows the unread count; choosing an unread notice marks it read and opens its screen', async () => {
    const fake = api()
    const { router } = renderApp('/no-such-page', { connected: true })
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('1')
    openMenu(screen.getByRole('button', { name: 'Notifications (1 unread)' }))
    const items = await screen.findAllByTestId('notification')
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true'])
    expect(screen.getByText(REVENUE.message)).toBeInTheDocument()
    fireEvent.click(screen.getByText('Revenue to claim'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/claim-revenue'))
    await waitFor(() => expect(fake.find('POST', '/api/notifications/read')).toHaveLength(1))
    expect(fake.find('POST', '/api/notifications/read')[0].body).toEqual({ ids: [REVENUE.id] })
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull())
  })

  it('opens a read notice without marking it again', async () => {
    const fake = api()
    const { router } = renderApp('/no-such-page', { connected: true })
    openMenu(await screen.findByRole('button', { name: 'Notifications (1 unread)' }))
    fireEvent.click(await screen.findByText('Film funded'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/2'))
    expect(fake.find('POST', '/api/notifications/read')).toHaveLength(0)
  })

  it('signed out: asks for no notifications and says to connect', async () => {
    const fake = api()
    renderApp('/no-such-page')
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText('Connect your wallet to see your notifications.')).toBeInTheDocument()
    expect(fake.find('GET', '/api/notifications')).toHaveLength(0)
  })

  it('the Admin badge shows for the admin wallet only', async () => {
    api({ adminWallet: ADDRESS })
    const admin = renderApp('/no-such-page', { connected: true })
    expect(await screen.findByTestId('admin-badge')).toHaveTextContent('Admin')
    admin.unmount()
    api({ adminWallet: 'SomeoneElse1111111111111111111111111111111' })
    renderApp('/no-such-page', { connected: true })
    expect(await screen.findByTestId('header-balance')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('admin-badge')).toBeNull())
  })
})
