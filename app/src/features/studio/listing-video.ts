// A listed film's video, for the listing form and the Edit dialog: an MP4 or WebM file (checked
// before it is uploaded to the media store: its type and the 50 MB limit) or an https URL, which
// must load as a video before anything is sent. Pure rules plus the probe that asks the browser.
import { LISTING_VIDEO_URL_MESSAGE, listingVideoUrlError } from '@marquee/api-contract/listing-video-url'
import { FILM_VIDEO_MAX_BYTES, FILM_VIDEO_TYPES, VIDEO_PROBE_TIMEOUT_MS } from '@/constants'

/** What the video fields hold: a chosen file (with what was wrong with the last one picked) or a URL. */
export interface VideoChoice {
  file: File | null
  fileProblem: string | null
  url: string
}

export const NO_VIDEO: VideoChoice = { file: null, fileProblem: null, url: '' }

export const VIDEO_LABELS = { file: 'Video file (MP4/WebM, max 50MB)', url: 'Video URL (https)' } as const

export const UNREACHABLE_VIDEO = 'The video could not be loaded from this URL: check that it is public and is an MP4 or WebM video'

/** Refuses a video file before any upload: MP4 or WebM, at most 50 MB. Null when acceptable. */
export function videoFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(FILM_VIDEO_TYPES as readonly string[]).includes(file.type)) return 'The video must be an MP4 or WebM file'
  if (file.size > FILM_VIDEO_MAX_BYTES) return 'The video must be at most 50MB'
  return null
}

/** A video given by address: https, or an upload of this site's media store; empty means none. */
export function videoUrlError(text: string): string | null {
  const url = text.trim()
  if (!url) return null
  // The server's rule, then an address the browser can parse (the probe that follows loads it).
  return listingVideoUrlError(url) ?? (url.startsWith('https://') && !URL.canParse(url) ? LISTING_VIDEO_URL_MESSAGE : null)
}

/** The choice's problem, before anything is uploaded or sent; null when it can go. */
export function videoChoiceError(choice: VideoChoice): string | null {
  if (choice.fileProblem) return choice.fileProblem
  if (choice.file && choice.url.trim()) return 'Choose a video file or enter its URL, not both'
  return choice.file ? null : videoUrlError(choice.url)
}

/** Whether a URL loads as a video: the browser reads its metadata (or fails, or takes too long). */
export function probeVideo(url: string, timeoutMs: number = VIDEO_PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const video = document.createElement('video')
    const done = (loaded: boolean) => {
      clearTimeout(timer)
      video.removeAttribute('src')
      resolve(loaded)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    video.preload = 'metadata'
    video.onloadedmetadata = () => done(true)
    video.onerror = () => done(false)
    video.src = url
  })
}

/**
 * The address to store as the film's videoUrl: the uploaded file's, or the URL once it loads as a
 * video; undefined when there is none. Throws the message to show when the URL does not load.
 */
export async function resolveVideo(
  choice: VideoChoice,
  upload: (file: File) => Promise<{ url: string }>,
  probe: (url: string) => Promise<boolean> = probeVideo,
): Promise<string | undefined> {
  if (choice.file) return (await upload(choice.file)).url
  const url = choice.url.trim()
  if (!url) return undefined
  if (!(await probe(url))) throw new Error(UNREACHABLE_VIDEO)
  return url
}
