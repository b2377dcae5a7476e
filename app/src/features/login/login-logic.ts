// Where /login sends a visitor once signed in: the page they came from (?next=), when it is a path
// of this app — never another site (`//evil.example`, `https://…`), which would make /login an open redirect.
export const DEFAULT_AFTER_SIGN_IN = '/'

export function afterSignInPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN
  // Back to the sign-in page itself would leave the visitor where they are.
  if (next === '/login' || next.startsWith('/login?')) return DEFAULT_AFTER_SIGN_IN
  return next
}
