// Presentational parts of the shell: sidebar navigation, header, footer, not-found screen.
import { Badge, Box, Flex, Heading, HStack, IconButton, Input, InputGroup, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import type { IconType } from 'react-icons'
import {
  LuBuilding2,
  LuChartBar,
  LuCode,
  LuFilm,
  LuLayoutDashboard,
  LuMegaphone,
  LuMenu,
  LuSearch,
  LuShieldCheck,
  LuStore,
  LuTrendingUp,
  LuWallet,
} from 'react-icons/lu'
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom'
import { ModeSwitch } from '@/features/mode/mode-ui'
import { WalletButton, WalletCard } from '@/features/wallet/wallet-ui'
import { BellButton } from '@/features/notifications/bell-button'

// The bell's menu (zag's menu, popper and floating-ui) is not needed to draw the page: it loads after
// the first paint, a disabled look-alike standing in meanwhile (a click is never lost on a dead button).
const NotificationBell = lazy(() => import('@/features/notifications/notification-bell').then((module) => ({ default: module.NotificationBell })))

interface NavItem {
  label: string
  to: string
  icon: IconType
}

export const NAV_GROUPS: { title: string; items: NavItem[] }[] = [
  {
    title: 'Main',
    items: [
      { label: 'Dashboard', to: '/', icon: LuLayoutDashboard },
      { label: 'Marketplace', to: '/marketplace', icon: LuStore },
      { label: 'My Investments', to: '/investments', icon: LuWallet },
      { label: 'Embed Library', to: '/embed', icon: LuCode },
    ],
  },
  {
    title: 'Finance',
    items: [
      { label: 'Revenue', to: '/revenue', icon: LuTrendingUp },
      { label: 'Analytics', to: '/analytics', icon: LuChartBar },
      { label: 'Advertising', to: '/advertising', icon: LuMegaphone },
    ],
  },
  {
    title: 'Studio',
    items: [
      { label: 'Production Portal', to: '/studio', icon: LuBuilding2 },
      { label: 'Verification', to: '/verification', icon: LuShieldCheck },
    ],
  },
]

export function Brand() {
  return (
    <HStack gap="2" asChild>
      <RouterLink to="/">
        <Box color="purple.400">
          <LuFilm size="24" />
        </Box>
        <Heading size="lg" letterSpacing="tight">
          Marquee
        </Heading>
      </RouterLink>
    </HStack>
  )
}

export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Flex direction="column" h="full" gap="6" p="4">
      <Brand />
      <Stack as="nav" gap="5" flex="1" aria-label="Main navigation">
        {NAV_GROUPS.map((group) => (
          <Stack key={group.title} gap="1">
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="2">
              {group.title}
            </Text>
            {group.items.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} onClick={onNavigate}>
                {({ isActive }) => (
                  <HStack
                    px="2"
                    py="1.5"
                    borderRadius="md"
                    bg={isActive ? 'purple.subtle' : undefined}
                    color={isActive ? 'purple.fg' : 'fg'}
                    _hover={{ bg: 'bg.muted' }}
                    fontSize="sm"
                  >
                    <item.icon />
                    <Text>{item.label}</Text>
                  </HStack>
                )}
              </NavLink>
            ))}
          </Stack>
        ))}
      </Stack>
      <WalletCard />
    </Flex>
  )
}

export function SearchBox() {
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const query = search.trim()
    navigate(query ? `/marketplace?search=${encodeURIComponent(query)}` : '/marketplace')
  }
  return (
    <form onSubmit={onSubmit} role="search" style={{ flex: 1, minWidth: '6rem', maxWidth: '28rem' }}>
      <InputGroup startElement={<LuSearch />}>
        <Input
          size="sm"
          placeholder="Search films, directors..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label="Search projects"
        />
      </InputGroup>
    </form>
  )
}

export function Header({ onOpenMenu, showMenuButton }: { onOpenMenu: () => void; showMenuButton: boolean }) {
  return (
    <Flex as="header" align="center" gap={{ base: '2', md: '3' }} px={{ base: '2', md: '4' }} py="3" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="docked">
      {showMenuButton && (
        <IconButton aria-label="Open menu" variant="ghost" size="sm" onClick={onOpenMenu}>
          <LuMenu />
        </IconButton>
      )}
      <SearchBox />
      <Box flex="1" hideBelow="md" />
      <ModeSwitch />
      <Suspense fallback={<BellButton unread={0} disabled />}>
        <NotificationBell />
      </Suspense>
      <WalletButton />
    </Flex>
  )
}

// Each column's links, label to path (an empty path: listed, not linked).
const FOOTER_COLUMNS: Record<string, Record<string, string>> = {
  Platform: { Marketplace: '/marketplace', 'Production Portal': '/studio', 'Embed Library': '/embed', Advertising: '/advertising' },
  Resources: { Revenue: '/revenue', 'Studio Verification': '/verification', 'API (OpenAPI)': '/api/openapi.json', Debug: '/debug' },
  Legal: { 'Terms of Service': '/terms', 'Privacy Policy': '/privacy', 'Cookie Policy': '/privacy#cookies' },
}

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" px="6" py="8" mt="12">
      <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="6">
        <Stack gap="2">
          <Brand />
          <Text fontSize="sm" color="fg.muted">
            Fund films, share their ad revenue.
          </Text>
          <Badge colorPalette="green" variant="subtle" alignSelf="start">
            <Box boxSize="2" borderRadius="full" bg="green.500" /> Solana Network
          </Badge>
        </Stack>
        {Object.entries(FOOTER_COLUMNS).map(([title, links]) => (
          <Stack key={title} gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {title}
            </Text>
            {Object.entries(links).map(([label, to]) =>
              // An empty path: listed, not linked.
              !to ? (
                <Text key={label} fontSize="sm" color="fg.subtle">
                  {label}
                </Text>
              ) : (
                <Link key={label} asChild fontSize="sm" color="fg.muted">
                  {to.startsWith('/api/') ? <a href={to}>{label}</a> : <RouterLink to={to}>{label}</RouterLink>}
                </Link>
              ),
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  )
}

export function NotFoundScreen() {
  return (
    <Flex minH="60vh" align="center" justify="center" p="6">
      <Box borderWidth="1px" borderRadius="xl" p="8" maxW="md" w="full">
        <Heading size="xl" mb="3">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted">Did you forget to add the page to the router?</Text>
      </Box>
    </Flex>
  )
}
