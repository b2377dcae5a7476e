// The header's bell button (with the unread count), shared by the bell (notification-bell.tsx, its
// menu's trigger) and the stand-in the header draws while the bell's chunk loads: the same look either way.
import { Badge, IconButton, type IconButtonProps } from '@chakra-ui/react'
import { LuBell } from 'react-icons/lu'

export function BellButton({ unread, ...props }: { unread: number } & IconButtonProps) {
  return (
    <IconButton aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'} variant="ghost" size="sm" position="relative" {...props}>
      <LuBell />
      {unread > 0 && (
        <Badge data-testid="notification-count" colorPalette="red" variant="solid" size="xs" position="absolute" top="0" right="0" borderRadius="full">
          {unread}
        </Badge>
      )}
    </IconButton>
  )
}
