// The listing's video fields, one way for the listing form and the Edit dialog: a file input (MP4 or
// WebM, checked when picked) and an https URL, each labelled, with the choice's error under them.
import { Input, Stack } from '@chakra-ui/react'
import { FormField } from '@/components/ui/form-field'
import { VIDEO_LABELS, videoFileError, type VideoChoice } from './listing-video'

/** `resetKey`: a new value empties the file input (after a listing is sent). */
export function ListingVideoField({
  choice,
  error,
  onChange,
  resetKey,
}: {
  choice: VideoChoice
  error: string | null
  onChange: (choice: VideoChoice) => void
  resetKey?: number
}) {
  const pick = (file: File | undefined) => {
    const problem = file ? videoFileError(file) : null
    onChange({ ...choice, file: file && !problem ? file : null, fileProblem: problem })
  }
  return (
    <Stack gap="2">
      <FormField label={VIDEO_LABELS.file} required={false} error={choice.fileProblem} helper="The film or its trailer, played in every embed; the poster stays its still.">
        <Input key={resetKey} type="file" accept="video/mp4,video/webm" p="1" onChange={(event) => pick(event.target.files?.[0])} />
      </FormField>
      <FormField label={VIDEO_LABELS.url} required={false} error={choice.fileProblem ? null : error} helper="Or the address of a video already online.">
        <Input type="url" inputMode="url" placeholder="https://cdn.example.com/trailer.webm" value={choice.url} onChange={(event) => onChange({ ...choice, url: event.target.value })} />
      </FormField>
    </Stack>
  )
}
