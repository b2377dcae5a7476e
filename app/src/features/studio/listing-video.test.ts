// The listing's video rules: the file's type and size before any upload, the URL's form, one source
// at a time, and a URL that does not load stopping the listing with its message.
import { describe, expect, it, vi } from 'vitest'
import { NO_VIDEO, UNREACHABLE_VIDEO, resolveVideo, videoChoiceError, videoFileError, videoUrlError } from './listing-video'

const MB = 1024 * 1024

describe('a listing’s video', () => {
  it('takes an MP4 or WebM file of at most 50MB', () => {
    expect(videoFileError({ type: 'video/webm', size: 3 * MB })).toBeNull()
    expect(videoFileError({ type: 'video/mp4', size: 50 * MB })).toBeNull()
    expect(videoFileError({ type: 'video/quicktime', size: MB })).toBe('The video must be an MP4 or WebM file')
    expect(videoFileError({ type: 'image/png', size: MB })).toBe('The video must be an MP4 or WebM file')
    expect(videoFileError({ type: 'video/mp4', size: 50 * MB + 1 })).toBe('The video must be at most 50MB')
  })

  it('takes an https URL or an upload of this site, or nothing', () => {
    expect(videoUrlError('')).toBeNull()
    expect(videoUrlError(' https://cdn.example/trailer.webm ')).toBeNull()
    expect(videoUrlError(`/api/media/${'a'.repeat(64)}`)).toBeNull()
    for (const url of ['http://cdn.example/trailer.webm', 'cdn.example/trailer.webm', 'javascript:alert(1)', '/api/media/x', 'https://', 'https://[']) {
      expect(videoUrlError(url)).toBe('The video URL must be an https:// address or an upload of this site (/api/media/{sha256})')
    }
  })

  it('refuses what the server refuses: a data: URL, and a URL past 2,048 characters', () => {
    expect(videoUrlError('data:video/webm;base64,GkXfow==')).toBe('A data: URL is not accepted as the video URL')
    const longest = `https://cdn.example/${'a'.repeat(2048 - 'https://cdn.example/'.length)}`
    expect(videoUrlError(longest)).toBeNull()
    expect(videoUrlError(`${longest}a`)).toBe('The video URL is too long: at most 2048 characters')
  })

  it('takes one source at a time, and a refused file stays the problem', () => {
    const file = new File(['v'], 'cut.webm', { type: 'video/webm' })
    expect(videoChoiceError({ ...NO_VIDEO, file, url: 'https://cdn.example/a.webm' })).toBe('Choose a video file or enter its URL, not both')
    expect(videoChoiceError({ ...NO_VIDEO, fileProblem: 'The video must be at most 50MB' })).toBe('The video must be at most 50MB')
    expect(videoChoiceError({ ...NO_VIDEO, file })).toBeNull()
  })

  it('uploads a file, checks that a URL loads, and stops on one that does not', async () => {
    const upload = vi.fn(async () => ({ url: `/api/media/${'b'.repeat(64)}` }))
    const file = new File(['v'], 'cut.webm', { type: 'video/webm' })
    expect(await resolveVideo({ ...NO_VIDEO, file }, upload, async () => false)).toBe(`/api/media/${'b'.repeat(64)}`)
    expect(await resolveVideo({ ...NO_VIDEO, url: ' https://cdn.example/a.webm ' }, upload, async () => true)).toBe('https://cdn.example/a.webm')
    await expect(resolveVideo({ ...NO_VIDEO, url: 'https://gone.example/a.webm' }, upload, async () => false)).rejects.toThrow(UNREACHABLE_VIDEO)
    expect(await resolveVideo(NO_VIDEO, upload, async () => true)).toBeUndefined()
    expect(upload).toHaveBeenCalledTimes(1)
  })
})
