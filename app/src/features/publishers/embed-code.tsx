// An embed snippet with its copy button: the button appears only once the publisher is verified,
// and copying says 'Copied to clipboard' with the note that the code works on approved domains only.
import { Box, Button, Code, Stack, Text } from '@chakra-ui/react'
import { LuCopy } from 'react-icons/lu'
import { notify } from '@/components/ui/toaster'
import { COPIED_TOAST } from './verification-logic'

export const APPROVED_DOMAINS_NOTE = 'This embed code only works on approved domains.'

type Toast = Parameters<typeof notify>[0]

/**
 * Copies `text` and says so with `copied`. `failed`, when given, says why the browser refused the
 * clipboard (no permission, a page not in focus); without it the refusal is the caller's.
 */
export async function copyToClipboard(text: string, copied: Toast = COPIED_TOAST, failed?: (error: unknown) => Toast): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch (error) {
    if (!failed) throw error
    notify(failed(error))
    return
  }
  notify(copied)
}

export function EmbedCode({ code, verified, label = 'Copy Code' }: { code: string; verified: boolean; label?: string }) {
  return (
    <Stack gap="2">
      <Box maxH="48" overflow="auto">
        <Code display="block" whiteSpace="pre-wrap" p="3" fontSize="xs" data-testid="embed-code">
          {code}
        </Code>
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {APPROVED_DOMAINS_NOTE}
      </Text>
      {verified && (
        <Button size="sm" alignSelf="start" variant="outline" onClick={() => void copyToClipboard(code)}>
          <LuCopy /> {label}
        </Button>
      )}
    </Stack>
  )
}
