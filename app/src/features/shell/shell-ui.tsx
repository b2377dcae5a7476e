// Presentational parts of the shell: sidebar navigation, header, footer, not-found screen.
import { Badge, Box, Flex, Heading, HStack, IconButton, Input, InputGroup, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { IconType } from 'react-icons'
import {
  LuBell,
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
import { Tooltip } from '@/components/ui/tooltip'
import { ModeSwitch } from '@/features/mode/mode-ui'
import { WalletButton, WalletCard } from '@/features/wallet/wallet-ui'

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
      <Tooltip content="Notifications">
        <IconButton aria-label="Notifications" variant="ghost" size="sm">
          <LuBell />
        </IconButton>
      </Tooltip>
      <WalletButton />
    </Flex>
  )
}

const FOOTER_COLUMNS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Platform',
    links: [
      { label: 'Marketplace', to: '/marketplace' },
      { label: 'Production Portal', to: '/studio' },
      { label: 'Embed Library', to: '/embed' },
      { label: 'Advertising', to: '/advertising' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Revenue', to: '/revenue' },
      { label: 'Studio Verification', to: '/verification' },
      { label: 'API (OpenAPI)', to: '/api/openapi.json' },
      { label: 'Debug', to: '/debug' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '' },
      { label: 'Privacy Policy', to: '' },
      { label: 'Cookie Policy', to: '' },
    ],
  },
]

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
        {FOOTER_COLUMNS.map((column) => (
          <Stack key={column.title} gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {column.title}
            </Text>
            {column.links.map((link) =>
              // Legal documents are not written yet: listed, not linked.
              !link.to ? (
                <Text key={link.label} fontSize="sm" color="fg.subtle">
                  {link.label}
                </Text>
              ) : (
              <Link key={link.label} asChild fontSize="sm" color="fg.muted">
                {link.to.startsWith('/api/') ? <a href={link.to}>{link.label}</a> : <RouterLink to={link.to}>{link.label}</RouterLink>}
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
