// A new embed id, as every client makes one: no dependency, so a screen can make one without
// loading the program client's coders.

/**
 * A new embed id: `embed-{projectId}-{timestamp}-` and 128 random bits (base64url), so nobody can
 * guess a publisher's id before it is registered (the index keeps the first embed of an id).
 * Within the program's rule: 1 to 64 bytes of `[A-Za-z0-9._-]`.
 */
export function embedIdFor(projectId: number | bigint, timestampMs: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(16));
  const base64url = btoa(String.fromCharCode(...random)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `embed-${projectId}-${timestampMs}-${base64url}`;
}
