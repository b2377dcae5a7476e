// The Request Advertising form: company name, email, website, monthly budget, ad type and target
// audience, plus what makes the request a campaign — the SOL budget escrowed now, target genres,
// start and end, the creative (an image for display, a video file or URL for video, either for a
// sponsorship) and a sponsorship's film and price. Every rule is checked before anything is uploaded
// or spent; then the creative goes to the media store and the mode's client creates the campaign,
// 'Submitting...' meanwhile.
import { Alert, Button, Checkbox, Field, Fieldset, HStack, Input, RadioGroup, SimpleGrid } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { FormCard } from '@/components/ui/form-card'
import { notify } from '@/components/ui/toaster'
import { AD_TYPES, MONTHLY_BUDGET_PLACEHOLDER, TARGET_AUDIENCES } from '@/constants'
import { errorMessage } from '@/lib/api'
import type { AdType, CampaignSummary } from '@marquee/api-contract'
import { useMode } from '@/features/mode/mode-data-access'
import { useTransactionLink } from '@/features/chain/chain-ui'
import { useMarqueeClient } from '@/features/chain/chain-data-access'
import { useProjects } from '@/features/projects/projects-data-access'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'
import { SIGNING_IN_TEXT, SIGNING_IN_TITLE } from '@/features/wallet/wallet-gate'
import { readableError } from '@/components/ui/error-alert'
import { OptionSelect } from '@/components/ui/option-select'
import { FormField } from '@/components/ui/form-field'
import {
  AD_TYPE_LABELS,
  REQUEST_LABELS,
  TARGET_AUDIENCE_LABELS,
  campaignInput,
  creativeAccept,
  creativeFileError,
  emptyRequest,
  hashVideoUrl,
  hasErrors,
  lamportsAsSol,
  minimumBudgetLamports,
  minimumDailySpendLamports,
  pricePerMilleLamports,
  usesVideoUrl,
  validateRequest,
  type AdvertisingRequestForm,
  type CreativeHashSource,
  type RequestErrors,
  type RequestField,
} from './advertising-logic'
import { uploadCreative, useAdGenres, useCreateCampaign } from './advertising-data-access'

export const SUBMIT_LABEL = 'Submit Advertising Request'
export const SUBMITTING_LABEL = 'Submitting...'
export const CAMPAIGN_CREATED_TITLE = 'Campaign created'
export const WALLET_NEEDED = { title: 'Wallet not connected', description: 'Please connect your wallet to fund an ad campaign.', variant: 'destructive' as const }

/** The bytes at a video URL, when the browser may read them (same origin, or a host that allows it). */
async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${response.status}`)
  return response.arrayBuffer()
}

export function RequestForm({
  adType,
  onAdTypeChange,
  onCreated,
}: {
  /** The plan cards' Select Plan sets the ad type, so the page holds it. */
  adType: AdType
  onAdTypeChange: (adType: AdType) => void
  onCreated: (campaign: CampaignSummary | null) => void
}) {
  const { cluster } = useMode()
  const link = useTransactionLink()
  const client = useMarqueeClient()
  const { connected, connect } = useWalletConnection()
  const genres = useAdGenres()
  const projects = useProjects()
  const createCampaign = useCreateCampaign()
  const [form, setForm] = useState<AdvertisingRequestForm>(() => emptyRequest())
  const [errors, setErrors] = useState<RequestErrors>({})
  const [creative, setCreative] = useState<File | null>(null)
  const [creativeProblem, setCreativeProblem] = useState<string | null>(null)
  const [hashSource, setHashSource] = useState<CreativeHashSource | null>(null)
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const current = { ...form, adType }

  const setField = (field: keyof AdvertisingRequestForm, value: string) => setForm((previous) => ({ ...previous, [field]: value }))
  const set = (field: keyof AdvertisingRequestForm) => (event: { target: { value: string } }) => setField(field, event.target.value)

  const clearCreative = () => {
    setCreative(null)
    setCreativeProblem(null)
    if (fileInput.current) fileInput.current.value = ''
  }

  const pickCreative = (file: File | undefined) => {
    const problem = file ? creativeFileError(adType, file) : null
    setCreativeProblem(problem)
    setCreative(file && !problem ? file : null)
  }

  const changeAdType = (next: AdType) => {
    // A creative chosen for one ad type may be the wrong kind for the next.
    if (creative && creativeFileError(next, creative)) clearCreative()
    onAdTypeChange(next)
  }

  const toggleGenre = (genre: string, checked: boolean) =>
    setForm((previous) => ({
      ...previous,
      targetGenres: checked ? [...previous.targetGenres, genre] : previous.targetGenres.filter((name) => name !== genre),
    }))

  const fundedFilms = (projects.data ?? []).filter((project) => project.status === 'funded')

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateRequest(current, { file: creative, problem: creativeProblem })
    setErrors(found)
    if (hasErrors(found)) return
    if (!client) {
      // A connected wallet still signing in gets the client in a moment: say so rather than "connect".
      if (connected) notify({ title: SIGNING_IN_TITLE, description: SIGNING_IN_TEXT })
      else {
        notify(WALLET_NEEDED)
        connect()
      }
      return
    }
    setBusy(true)
    try {
      let stored: { uri: string; sha256: string }
      if (usesVideoUrl(current)) {
        const url = current.videoUrl.trim()
        const hashed = await hashVideoUrl(url, fetchBytes)
        setHashSource(hashed.source)
        stored = { uri: url, sha256: hashed.sha256 }
      } else {
        const uploaded = await uploadCreative(creative!, cluster)
        stored = { uri: uploaded.url, sha256: uploaded.sha256 }
      }
      const film = fundedFilms.find((project) => String(project.id) === current.sponsoredProjectId) ?? null
      const created = await createCampaign.mutateAsync(campaignInput(current, stored, film ? { id: film.id, address: film.address } : null))
      notify({
        title: CAMPAIGN_CREATED_TITLE,
        description: `Your ${AD_TYPE_LABELS[adType].toLowerCase()} campaign is funded with ${current.budgetSol} SOL. Follow it under Your Campaigns.`,
        link: link(created.txHash),
      })
      setForm(emptyRequest())
      setErrors({})
      setHashSource(null)
      clearCreative()
      onCreated(created.campaign)
    } catch (error) {
      console.error(error)
      notify({ title: 'Advertising request failed', description: error instanceof Error ? readableError(error) : errorMessage(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const field = (name: RequestField, input: React.ReactNode, helper?: string, required = true) => (
    <FormField label={REQUEST_LABELS[name]} error={errors[name]} helper={helper} required={required}>
      {input}
    </FormField>
  )

  const price = pricePerMilleLamports(current)
  const budgetHint = price !== null ? `Paid from your wallet now. At least ${lamportsAsSol(minimumBudgetLamports(price))} SOL (one batch of 1,000 impressions).` : 'Paid from your wallet now.'
  const creativeLabel = adType === 'display' ? 'Creative image (JPG/PNG, max 10MB)' : adType === 'video' ? 'Creative video (MP4/WebM, max 50MB)' : 'Creative (JPG/PNG image up to 10MB, or MP4/WebM video up to 50MB)'

  return (
    <FormCard id="request-advertising" title="Request Advertising" description="Your budget is escrowed on chain and pays for each view your ad receives; what is not spent comes back to you after the campaign." onSubmit={submit}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('companyName', <Input value={form.companyName} onChange={set('companyName')} autoComplete="organization" />)}
          {field('email', <Input type="email" value={form.email} onChange={set('email')} autoComplete="email" />)}
          {field('website', <Input value={form.website} onChange={set('website')} placeholder="https://your-company.com" inputMode="url" />)}
          {field('monthlyBudget', <Input value={form.monthlyBudget} onChange={set('monthlyBudget')} placeholder={MONTHLY_BUDGET_PLACEHOLDER} inputMode="decimal" />, 'Your planned monthly spend, for our records.', false)}
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend id="ad-type-label">{REQUEST_LABELS.adType}</Fieldset.Legend>
          <RadioGroup.Root value={adType} onValueChange={({ value }) => value && changeAdType(value as AdType)} aria-labelledby="ad-type-label" name="adType">
            <HStack gap="6">
              {AD_TYPES.map((type) => (
                <RadioGroup.Item key={type} value={type}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{AD_TYPE_LABELS[type]}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Fieldset.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field(
            'targetAudience',
            <OptionSelect
              value={form.targetAudience}
              options={TARGET_AUDIENCES.map((audience) => ({ value: audience, label: TARGET_AUDIENCE_LABELS[audience] }))}
              onChange={(value) => setField('targetAudience', value)}
            />,
          )}
          {field('budgetSol', <Input type="number" min="0" step="0.001" value={form.budgetSol} onChange={set('budgetSol')} />, budgetHint)}
          {field(
            'maxDailySpendSol',
            <Input type="number" min="0" step="0.001" value={form.maxDailySpendSol} onChange={set('maxDailySpendSol')} />,
            price !== null
              ? `The most the chain lets settlement take from your budget in one UTC day. At least ${lamportsAsSol(minimumDailySpendLamports(price))} SOL.`
              : 'The most the chain lets settlement take from your budget in one UTC day.',
          )}
          {field('startDate', <Input type="date" value={form.startDate} onChange={set('startDate')} />, 'Today starts the campaign at once.')}
          {field('endDate', <Input type="date" min={form.startDate} value={form.endDate} onChange={set('endDate')} />, 'The campaign runs to the end of this day (UTC).')}
        </SimpleGrid>
        {adType === 'sponsorship' && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {field(
              'sponsoredProjectId',
              <OptionSelect
                value={form.sponsoredProjectId}
                placeholder="Choose a funded film"
                options={fundedFilms.map((project) => ({ value: project.id, label: project.title }))}
                onChange={(value) => setField('sponsoredProjectId', value)}
              />,
              'A sponsorship pays for the views of this one film.',
            )}
            {field('pricePerMilleSol', <Input type="number" min="0" step="0.001" value={form.pricePerMilleSol} onChange={set('pricePerMilleSol')} />, 'Your custom price for 1,000 views.')}
          </SimpleGrid>
        )}
        <Fieldset.Root>
          <Fieldset.Legend>{REQUEST_LABELS.targetGenres}</Fieldset.Legend>
          <Fieldset.Content>
            <HStack wrap="wrap" gap="4">
              {(genres.data ?? []).map((genre) => (
                <Checkbox.Root key={genre} checked={form.targetGenres.includes(genre)} onCheckedChange={({ checked }) => toggleGenre(genre, checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{genre}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Fieldset.Content>
          <Fieldset.HelperText>None chosen: your ad runs on every film.</Fieldset.HelperText>
        </Fieldset.Root>
        {adType === 'video' && (
          <Fieldset.Root>
            <Fieldset.Legend id="video-source-label">{REQUEST_LABELS.videoSource}</Fieldset.Legend>
            <RadioGroup.Root
              value={form.videoSource}
              onValueChange={({ value }) => value && setForm((previous) => ({ ...previous, videoSource: value as AdvertisingRequestForm['videoSource'] }))}
              aria-labelledby="video-source-label"
              name="videoSource"
            >
              <HStack gap="6">
                <RadioGroup.Item value="file">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Upload a video file</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="url">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Video URL</RadioGroup.ItemText>
                </RadioGroup.Item>
              </HStack>
            </RadioGroup.Root>
          </Fieldset.Root>
        )}
        {usesVideoUrl(current) ? (
          field(
            'videoUrl',
            <Input value={form.videoUrl} onChange={set('videoUrl')} placeholder="https://cdn.example.com/ad.mp4" inputMode="url" />,
            hashSource === 'address'
              ? 'This video could not be read from here, so its hash is the sha256 of the URL itself.'
              : 'Its hash is the sha256 of the video’s bytes when this browser can read them, else of the URL itself.',
          )
        ) : (
          <Field.Root invalid={Boolean(errors.creative ?? creativeProblem)} required>
            <Field.Label>{creativeLabel}</Field.Label>
            <Input ref={fileInput} type="file" accept={creativeAccept(adType)} p="1" onChange={(event) => pickCreative(event.target.files?.[0])} />
            {(errors.creative ?? creativeProblem) ? (
              <Field.ErrorText>{errors.creative ?? creativeProblem}</Field.ErrorText>
            ) : (
              <Field.HelperText>{creative ? `${creative.name} is ready to upload.` : 'Uploaded to our media store when you submit.'}</Field.HelperText>
            )}
          </Field.Root>
        )}
        {!client && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>Connect your wallet to fund the campaign: the budget is paid from it.</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={busy} loadingText={SUBMITTING_LABEL}>
          {SUBMIT_LABEL}
        </Button>
    </FormCard>
  )
}
