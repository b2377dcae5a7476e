// The header's bell: the unread count of the signed-in wallet's notifications and, opened, their
// list; choosing one marks it read and opens its screen. Without a signed-in wallet it says so.
// The header loads it after its first paint (its menu's machinery is not needed to draw the page).
import { Box, Menu, Portal, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import type { Notification } from '@marquee/api-contract'
import { formatDate } from '@/lib/format'
import { useSignedInWallet } from '@/features/wallet/wallet-bridge'
import { BellButton } from './bell-button'
import { useMarkNotificationRead, useNotifications } from './notifications-data-access'

export const NO_NOTIFICATIONS_TEXT = 'Nothing new: revenue to claim, funded films and decisions show here.'
export const SIGNED_OUT_TEXT = 'Connect your wallet to see your notifications.'

export function NotificationBell() {
  const signedIn = useSignedInWallet()
  const notifications = useNotifications()
  const markRead = useMarkNotificationRead()
  const list = notifications.data?.notifications ?? []
  const unread = notifications.data?.unreadCount ?? 0
  // Each item is a link to its screen (a click or Enter follows it); following an unread one marks it
  // read. The screen opens whatever the answer: a notice gone meanwhile (claimed) needs no mark.
  const markOpened = (notice: Notification) => {
    if (!notice.read) markRead.mutate(notice.id)
  }
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <BellButton unread={unread} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="sm" maxH="md" overflowY="auto" aria-label="Notifications">
            {!signedIn && <NoticeText text={SIGNED_OUT_TEXT} />}
            {signedIn && notifications.isError && <NoticeText text="Notifications could not be loaded; they are asked again shortly." />}
            {signedIn && notifications.isSuccess && list.length === 0 && <NoticeText text={NO_NOTIFICATIONS_TEXT} />}
            {list.map((notice) => (
              <Menu.Item key={notice.id} value={notice.id} data-testid="notification" data-read={notice.read} alignItems="start" py="2" asChild>
                <RouterLink to={notice.href} onClick={() => markOpened(notice)}>
                  <Box boxSize="2" mt="1.5" flexShrink={0} borderRadius="full" bg={notice.read ? 'transparent' : 'purple.500'} aria-hidden />
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight={notice.read ? 'normal' : 'semibold'} fontSize="sm">
                      {notice.title}
                      {!notice.read && (
                        <Box as="span" srOnly>
                          {' '}
                          (unread)
                        </Box>
                      )}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" whiteSpace="normal">
                      {notice.message}
                    </Text>
                    <Text fontSize="xs" color="fg.subtle">
                      {formatDate(notice.createdAt)}
                    </Text>
                  </Stack>
                </RouterLink>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

function NoticeText({ text }: { text: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" px="3" py="2">
      {text}
    </Text>
  )
}
