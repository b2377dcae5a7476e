// The sidebar as a slide-in drawer with a backdrop, for the layout at 1024px and below. Its own chunk,
// loaded by the shell only in that layout: a desktop visitor never downloads the dialog machinery.
import { CloseButton, Drawer, Portal } from '@chakra-ui/react'
import { SidebarContent } from './shell-ui'

export default function SidebarDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72">
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" position="absolute" top="3" right="3" />
            </Drawer.CloseTrigger>
            <SidebarContent onNavigate={() => onOpenChange(false)} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
