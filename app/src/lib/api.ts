// The one HTTP helper of the app: JSON in and out, cookies always sent, the cluster on every call,
// and non-OK answers turned into "{status}: {body text or status text}" errors.
import { describeError } from './describe-error'

/** The clusters the app knows: the demo chain and devnet (each request names one). */
export type Cluster = 'demo' | 'devnet'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function withCluster(path: string, cluster: Cluster): string {
  const separator = path.includes('?') ? '&' : '?'
  return `${path}${separator}cluster=${encodeURIComponent(cluster)}`
}

export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = (await response.text()) || response.statusText
  throw new ApiError(response.status, `${response.status}: ${text}`)
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  cluster: Cluster,
  body?: unknown,
): Promise<T> {
  // A FormData body (file uploads) goes as multipart, its boundary set by the browser.
  const multipart = body instanceof FormData
  const response = await fetch(withCluster(path, cluster), {
    method,
    credentials: 'include',
    headers: body === undefined || multipart ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  })
  await throwIfResNotOk(response)
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as T
}

export const apiGet = <T>(path: string, cluster: Cluster) => apiRequest<T>('GET', path, cluster)
export const apiPost = <T>(path: string, cluster: Cluster, body: unknown) => apiRequest<T>('POST', path, cluster, body)
export const apiPut = <T>(path: string, cluster: Cluster, body: unknown) => apiRequest<T>('PUT', path, cluster, body)

/** The error text a toast shows for anything thrown: its reason (describe-error.ts). */
export const errorMessage = describeError
