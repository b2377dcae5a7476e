// The app shell: fixed sidebar above 1024px, a slide-in drawer with a backdrop at 1024px and below
// (sidebar-drawer.tsx, loaded only in that layout).
import { Box, Flex, useMediaQuery } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { Outlet } from 'react-router-dom'
import { Footer, Header, SidebarContent } from './shell-ui'

const SidebarDrawer = lazy(() => import('./sidebar-drawer'))

export const DRAWER_MAX_WIDTH_PX = 1024

export function Layout() {
  // Read at once in the browser (no first frame in the wrong layout); the server's prerender of the
  // marketplace (src/prerender.tsx) has no screen to ask and draws the desktop layout.
  const [isDrawerLayout] = useMediaQuery([`(max-width: ${DRAWER_MAX_WIDTH_PX}px)`], { ssr: typeof window === 'undefined', fallback: [false] })
  const [drawerOpen, setDrawerOpen] = useState(false)
  return (
    <Flex minH="100vh">
      {!isDrawerLayout && (
        <Box as="aside" w="64" flexShrink={0} borderRightWidth="1px" position="sticky" top="0" h="100vh" overflowY="auto">
          <SidebarContent />
        </Box>
      )}
      {isDrawerLayout && (
        // Closed until the menu button opens it: nothing to show while its chunk loads.
        <Suspense fallback={null}>
          <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Header showMenuButton={isDrawerLayout} onOpenMenu={() => setDrawerOpen(true)} />
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} py="6">
          <Outlet />
        </Box>
        <Footer />
      </Flex>
    </Flex>
  )
}
