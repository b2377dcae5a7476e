// Edit of a listed film's metadata (description, director, year, licence, genres, video). The metadata is a
// content-addressed document: the edit stores a new one and update_project_metadata, sent through the
// mode's client, records its URI and sha256 on chain; the film shows it once that is indexed. The
// title, goal and deadline are the chain's own fields and stay as listed.
import { Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormDialog } from '@/components/ui/form-dialog'
import { notify } from '@/components/ui/toaster'
import { useTransactionLink } from '@/features/chain/chain-ui'
import { LICENSE_TYPES } from '@/constants'
import { errorMessage } from '@/lib/api'
import type { Project } from '@marquee/api-contract'
import { hasErrors, parseGenres, validateListing, type ListingErrors, type ListingForm } from './listing-logic'
import { ListingFields } from './listing-fields'
import { ListingVideoField } from './listing-video-field'
import { NO_VIDEO, resolveVideo, videoChoiceError, type VideoChoice } from './listing-video'
import { uploadMedia, useEditListing } from './studio-data-access'
import { useMode } from '@/features/mode/mode-data-access'

export const EDIT_SUCCESS_TITLE = 'Listing updated'
export const editSuccessDescription = (title: string) => `${title} shows its new details; their hash is recorded on chain.`

/** The listing rules minus those of fields an edit does not touch (goal and deadline are on chain). */
function editErrors(form: ListingForm): ListingErrors {
  const { fundingGoal: _goal, deadline: _deadline, ...errors } = validateListing(
    { ...form, fundingGoal: '1', deadline: '2999-01-01' },
    { minWindowDays: 0, maxWindowDays: Number.POSITIVE_INFINITY, fundingCapUsd: null },
  )
  return errors
}

export function EditListingDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const edit = useEditListing()
  const link = useTransactionLink()
  const [form, setForm] = useState<ListingForm>({
    title: project.title,
    description: project.description,
    directorName: project.directorName,
    releaseYear: project.releaseYear ? String(project.releaseYear) : '',
    licenseType: project.licenseType ?? LICENSE_TYPES[0],
    fundingGoal: '',
    deadline: '',
    genres: project.genres.join(', '),
  })
  const [errors, setErrors] = useState<ListingErrors>({})
  const { cluster } = useMode()
  const [video, setVideo] = useState<VideoChoice>({ ...NO_VIDEO, url: project.videoUrl ?? '' })
  const [videoProblem, setVideoProblem] = useState<string | null>(null)
  const [checkingVideo, setCheckingVideo] = useState(false)
  const set = (field: keyof ListingForm, value: string) => setForm((current) => ({ ...current, [field]: value }))

  /** The edit's video: omitted when unchanged, null when cleared, else the new upload's or URL's address. */
  const editedVideo = async (): Promise<string | null | undefined> => {
    if (!video.file && video.url.trim() === (project.videoUrl ?? '')) return undefined
    return (await resolveVideo(video, (file) => uploadMedia(file, cluster))) ?? null
  }

  const save = async () => {
    const found = editErrors(form)
    const problem = videoChoiceError(video)
    setErrors(found)
    setVideoProblem(problem)
    if (hasErrors(found) || problem) return
    setCheckingVideo(true)
    let videoUrl: string | null | undefined
    try {
      videoUrl = await editedVideo()
    } catch (error) {
      // Nothing is sent: the video is the edit's problem, said under its field.
      setVideoProblem(errorMessage(error))
      return
    } finally {
      setCheckingVideo(false)
    }
    edit.mutate(
      {
        project,
        edit: {
          description: form.description.trim(),
          directorName: form.directorName.trim(),
          releaseYear: Number(form.releaseYear),
          licenseType: form.licenseType,
          genres: parseGenres(form.genres),
          ...(videoUrl === undefined ? {} : { videoUrl }),
        },
      },
      {
        onSuccess: (updated) => {
          notify({
            title: EDIT_SUCCESS_TITLE,
            description: editSuccessDescription(project.title),
            link: link(updated.txHash),
          })
          onClose()
        },
        onError: (error) => notify({ title: 'Update failed', description: errorMessage(error), variant: 'destructive' }),
      },
    )
  }

  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${project.title}`}
      confirm={{ label: 'Save', onConfirm: () => void save(), busy: checkingVideo || edit.isPending, busyText: 'Saving...' }}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Saving records the new details' hash on chain. The title, goal and deadline stay as listed.
        </Text>
        <ListingFields fields={['directorName', 'releaseYear', 'licenseType', 'genres', 'description']} form={form} errors={errors} onChange={set} />
        <ListingVideoField
          choice={video}
          error={videoProblem}
          onChange={(choice) => {
            setVideo(choice)
            setVideoProblem(null)
          }}
        />
      </Stack>
    </FormDialog>
  )
}
