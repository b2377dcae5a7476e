// Upload Content: 'List Existing Movie for License'. Nothing is sent until every rule holds; the
// thumbnail is checked (JPG/PNG, ≤ 10 MB) and the video (an MP4/WebM of ≤ 50 MB, or an https URL that
// loads) before either is uploaded to the media store; then the mode's
// client registers the studio (first listing) and creates the project. The button reads 'Listing
// Movie...' meanwhile; the toast links to the transaction; the form resets.
import { Button, Field, Input, SimpleGrid } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { FormCard } from '@/components/ui/form-card'
import { notify } from '@/components/ui/toaster'
import { LISTING_MIN_MS, MAX_FUNDING_WINDOW_DAYS, MAX_RELEASE_YEAR, MIN_FUNDING_GOAL_USD, MIN_FUNDING_WINDOW_DAYS, MIN_RELEASE_YEAR } from '@/constants'
import { errorMessage } from '@/lib/api'
import { sleep } from '@/lib/format'
import type { PlatformInfo, StudioAccount } from '@marquee/api-contract'
import { useMode } from '@/features/mode/mode-data-access'
import { useTransactionLink } from '@/features/chain/chain-ui'
import {
  EMPTY_LISTING,
  deadlineBounds,
  hasErrors,
  listingInput,
  thumbnailError,
  validateListing,
  type ListingErrors,
  type ListingField,
  type ListingForm as ListingFormState,
  type ListingLimits,
} from './listing-logic'
import { ListingFields } from './listing-fields'
import { ListingVideoField } from './listing-video-field'
import { NO_VIDEO, resolveVideo, videoChoiceError, type VideoChoice } from './listing-video'
import { uploadMedia, useListFilm } from './studio-data-access'

export const LISTING_SUCCESS_TITLE = 'Project created successfully'
export const LISTING_SUCCESS_DESCRIPTION = 'Your movie metadata and thumbnail were uploaded to content-addressed storage.'

/** The window and cap the program will apply to this studio. */
export function listingLimits(platform: PlatformInfo | undefined, studio: StudioAccount | null | undefined): ListingLimits {
  return {
    minWindowDays: platform?.minFundingWindowDays ?? MIN_FUNDING_WINDOW_DAYS,
    maxWindowDays: platform?.maxFundingWindowDays ?? MAX_FUNDING_WINDOW_DAYS,
    fundingCapUsd: studio ? studio.fundingCap : (platform?.unverifiedFundingCap ?? null),
    verifiedCapUsd: platform?.verifiedFundingCap ?? null,
  }
}

export function ListingForm({
  platform,
  studio,
  studioName,
  onListed,
}: {
  platform: PlatformInfo | undefined
  studio: StudioAccount | null | undefined
  studioName?: string
  onListed?: (projectId: number) => void
}) {
  const { cluster } = useMode()
  const link = useTransactionLink()
  const [form, setForm] = useState<ListingFormState>(EMPTY_LISTING)
  const [errors, setErrors] = useState<ListingErrors>({})
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const [thumbnailProblem, setThumbnailProblem] = useState<string | null>(null)
  const [video, setVideo] = useState<VideoChoice>(NO_VIDEO)
  const [videoProblem, setVideoProblem] = useState<string | null>(null)
  const [sent, setSent] = useState(0)
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const listFilm = useListFilm()
  const limits = listingLimits(platform, studio)
  // The deadline's bounds count from when the form opened.
  const [openedAt] = useState(Date.now)
  const bounds = deadlineBounds(limits, openedAt)

  const set = (field: ListingField, value: string) => setForm((current) => ({ ...current, [field]: value }))

  const pickThumbnail = (file: File | undefined) => {
    const problem = file ? thumbnailError(file) : null
    setThumbnailProblem(problem)
    setThumbnail(file && !problem ? file : null)
  }

  const reset = () => {
    setForm(EMPTY_LISTING)
    setErrors({})
    setThumbnail(null)
    setThumbnailProblem(null)
    setVideo(NO_VIDEO)
    setVideoProblem(null)
    setSent((count) => count + 1)
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateListing(form, limits)
    const problem = videoChoiceError(video)
    setErrors(found)
    setVideoProblem(problem)
    if (hasErrors(found) || thumbnailProblem || problem) return
    setBusy(true)
    try {
      // The video first: a URL that does not load stops the listing before anything is uploaded or sent.
      const videoUrl = await resolveVideo(video, (file) => uploadMedia(file, cluster)).catch((error: unknown) => {
        setVideoProblem(errorMessage(error))
        throw error
      })
      const [created] = await Promise.all([
        (async () => {
          const uploaded = thumbnail ? await uploadMedia(thumbnail, cluster) : null
          return listFilm.mutateAsync({ ...listingInput(form, uploaded?.url, videoUrl), ...(studioName ? { studioName } : {}) })
        })(),
        sleep(LISTING_MIN_MS),
      ])
      notify({
        title: LISTING_SUCCESS_TITLE,
        description: LISTING_SUCCESS_DESCRIPTION,
        link: link(created.txHash),
      })
      reset()
      onListed?.(created.projectId)
    } catch (error) {
      notify({ title: 'Listing failed', description: errorMessage(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormCard title="List Existing Movie for License" description="Investors fund the licence; once funded you release the raised SOL to your wallet." onSubmit={submit}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <ListingFields
            fields={['title', 'directorName', 'releaseYear', 'licenseType', 'fundingGoal', 'deadline']}
            form={form}
            errors={errors}
            onChange={set}
            extras={{
              releaseYear: { input: { min: MIN_RELEASE_YEAR, max: MAX_RELEASE_YEAR }, helper: `${MIN_RELEASE_YEAR}–${MAX_RELEASE_YEAR}` },
              fundingGoal: {
                input: { min: MIN_FUNDING_GOAL_USD, step: '1' },
                helper:
                  limits.fundingCapUsd !== null ? `At least $${MIN_FUNDING_GOAL_USD}; your cap is $${limits.fundingCapUsd.toLocaleString('en-US')}` : undefined,
              },
              deadline: { input: { min: bounds.min, max: bounds.max }, helper: `From ${bounds.min} to ${bounds.max}` },
            }}
          />
        </SimpleGrid>
        <ListingFields
          fields={['genres', 'description']}
          form={form}
          errors={errors}
          onChange={set}
          extras={{ genres: { input: { placeholder: 'Drama, Thriller' } } }}
        />
        <Field.Root invalid={Boolean(thumbnailProblem)}>
          <Field.Label>Thumbnail (JPG/PNG, max 10MB)</Field.Label>
          <Input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png"
            p="1"
            onChange={(event) => pickThumbnail(event.target.files?.[0])}
          />
          {thumbnailProblem ? (
            <Field.ErrorText>{thumbnailProblem}</Field.ErrorText>
          ) : (
            <Field.HelperText>Without one, a poster is generated from the title.</Field.HelperText>
          )}
        </Field.Root>
        <ListingVideoField choice={video} error={videoProblem} resetKey={sent} onChange={(choice) => {
          setVideo(choice)
          setVideoProblem(null)
        }} />
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={busy} loadingText="Listing Movie...">
          List Movie
        </Button>
    </FormCard>
  )
}
