// @vitest-environment node
// The on-chain client builds its instructions from the program's IDL: accounts in IDL order with
// the PDAs of seeds.rs, Anchor discriminators and Borsh arguments. No network is touched.
import { createHash } from 'node:crypto'
import { Keypair, PublicKey, Connection } from '@solana/web3.js'
import { getAssociatedTokenAddressSync as associatedTokenAddress } from '@solana/spl-token'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { AD_GENRES, ASSOCIATED_TOKEN_PROGRAM_ID, genreMask, MARQUEE_IDL, MARQUEE_PROGRAM_ID, pda as packagePda, SHARE_TOKEN_PROGRAM_ID } from '@marquee/program-client'
import { AnchorClient, solToLamports } from './anchor-client'

const investor = Keypair.generate().publicKey
/** The share account as spl-token derives it: an independent check of the package's derivation. */
const getAssociatedTokenAddressSync = (mint: PublicKey, owner: PublicKey) =>
  associatedTokenAddress(mint, owner, false, SHARE_TOKEN_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID)
const wallet = {
  publicKey: investor,
  signTransaction: async <T,>(tx: T) => tx,
  signAllTransactions: async <T,>(txs: T[]) => txs,
}
const client = new AnchorClient(new Connection('http://127.0.0.1:1'), wallet)
const projectAddress = Keypair.generate().publicKey
const project = { id: 3, address: projectAddress.toBase58(), fundingGoal: 50_000, title: 'Film' }

const pda = (...seeds: (string | PublicKey)[]) =>
  PublicKey.findProgramAddressSync(
    seeds.map((seed) => (typeof seed === 'string' ? Buffer.from(seed) : seed.toBuffer())),
    MARQUEE_PROGRAM_ID,
  )[0]
const discriminator = (name: string) => createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)
const idlAccounts = (name: string) => MARQUEE_IDL.instructions.find((instruction) => instruction.name === name)!.accounts.map((account) => account.name)

/** The accounts an instruction that creates accounts and emits events ends with: system program, share token program, event authority, the program. */
const CREATING_AND_EMITTING_TAIL = [new PublicKey('11111111111111111111111111111111'), SHARE_TOKEN_PROGRAM_ID, pda('__event_authority'), MARQUEE_PROGRAM_ID]

/** The instruction names every account its IDL entry lists, in the IDL's order. */
function expectEveryAccount(name: string, instruction: { keys: { pubkey: PublicKey }[] }, expected: PublicKey[]) {
  expect(idlAccounts(name)).toHaveLength(expected.length)
  expect(instruction.keys.map((key) => key.pubkey.toBase58())).toEqual(expected.map((key) => key.toBase58()))
}

describe('AnchorClient instructions', () => {
  it('invest: accounts in IDL order with the seeds.rs PDAs, and amount_lamports as u64', async () => {
    const instruction = await client.investInstruction(project, 0.05)
    expect(instruction.programId.equals(MARQUEE_PROGRAM_ID)).toBe(true)
    const shareMint = pda('share_mint', projectAddress)
    const expected = [
      investor,
      pda('platform'),
      projectAddress,
      pda('investment', projectAddress, investor),
      shareMint,
      getAssociatedTokenAddressSync(shareMint, investor),
      pda('vault', projectAddress),
      ...CREATING_AND_EMITTING_TAIL,
    ]
    expectEveryAccount('invest', instruction, expected)
    expect(instruction.keys[0]).toMatchObject({ isSigner: true, isWritable: true })
    const amount = Buffer.alloc(8)
    amount.writeBigUInt64LE(50_000_000n)
    expect(Buffer.from(instruction.data).toString('hex')).toBe(Buffer.concat([discriminator('invest'), amount]).toString('hex'))
  })

  it("an investment's transaction creates the share account first: the Associated Token program's CreateIdempotent, paid by the investor, then invest", async () => {
    const [create, invest] = await client.investInstructions(project, 0.05)
    const shareMint = pda('share_mint', projectAddress)
    const shareAccount = getAssociatedTokenAddressSync(shareMint, investor)
    expect(create.programId.toBase58()).toBe('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
    // AssociatedTokenAccountInstruction::CreateIdempotent is tag 1 (Create, 0, fails on an existing account).
    expect(Buffer.from(create.data).toString('hex')).toBe('01')
    expect(create.keys.map((key) => key.pubkey.toBase58())).toEqual(
      [investor, shareAccount, investor, shareMint, new PublicKey('11111111111111111111111111111111'), SHARE_TOKEN_PROGRAM_ID].map((key) => key.toBase58()),
    )
    expect(create.keys[0]).toMatchObject({ isSigner: true, isWritable: true })
    expect(invest.keys[5].pubkey.toBase58()).toBe(shareAccount.toBase58())
    expect(Buffer.from(invest.data).subarray(0, 8).toString('hex')).toBe(discriminator('invest').toString('hex'))
  })

  it("derives the share account as the IDL's seeds say: [investor, token program, share mint] under the ATA program", () => {
    const shareAccount = MARQUEE_IDL.instructions
      .find((instruction) => instruction.name === 'invest')!
      .accounts.find((account) => account.name === 'investor_share_account') as unknown as {
      pda: { seeds: { kind: string; value?: number[]; path?: string }[]; program: { value: number[] } }
    }
    expect(shareAccount.pda.seeds.map((seed) => seed.path ?? 'const')).toEqual(['investor', 'const', 'share_mint'])
    expect(new PublicKey(shareAccount.pda.seeds[1].value!).equals(SHARE_TOKEN_PROGRAM_ID)).toBe(true)
    expect(new PublicKey(shareAccount.pda.program.value).equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true)
  })

  it('claim_revenue: investor, project, investment, vault', async () => {
    const instruction = await client.claimRevenueInstruction(project)
    expect(instruction.keys.slice(0, 4).map((key) => key.pubkey.toBase58())).toEqual(
      [investor, projectAddress, pda('investment', projectAddress, investor), pda('vault', projectAddress)].map((key) => key.toBase58()),
    )
    expect(Buffer.from(instruction.data).toString('hex')).toBe(discriminator('claim_revenue').toString('hex'))
  })

  it('register_embed: the embed PDA is seeded by the publisher and the embed id; both strings are Borsh-encoded', async () => {
    const instruction = await client.registerEmbedInstruction(project, 'https://site.test', 'embed-3-1700000000000')
    expect(instruction.keys[2].pubkey.toBase58()).toBe(pda('embed', projectAddress, investor, 'embed-3-1700000000000').toBase58())
    const borshString = (text: string) => {
      const length = Buffer.alloc(4)
      length.writeUInt32LE(Buffer.byteLength(text))
      return Buffer.concat([length, Buffer.from(text)])
    }
    expect(Buffer.from(instruction.data).toString('hex')).toBe(
      Buffer.concat([discriminator('register_embed'), borshString('embed-3-1700000000000'), borshString('https://site.test')]).toString('hex'),
    )
  })

  it('register_embed: an id over 32 bytes is split into two seeds (the PDA of the whole id)', async () => {
    const embedId = `embed-3-1700000000000-${'x'.repeat(40)}`
    const instruction = await client.registerEmbedInstruction(project, 'https://site.test', embedId)
    const bytes = Buffer.from(embedId)
    const expected = PublicKey.findProgramAddressSync(
      [Buffer.from('embed'), projectAddress.toBuffer(), investor.toBuffer(), bytes.subarray(0, 32), bytes.subarray(32)],
      MARQUEE_PROGRAM_ID,
    )[0]
    expect(instruction.keys[2].pubkey.toBase58()).toBe(expected.toBase58())
  })

  it('claim_license: authority, project, vault', async () => {
    const instruction = await client.claimLicenseInstruction(project)
    expect(instruction.keys.slice(0, 3).map((key) => key.pubkey.toBase58())).toEqual(
      [investor, projectAddress, pda('vault', projectAddress)].map((key) => key.toBase58()),
    )
  })

  it('converts SOL to lamports without float drift', () => {
    expect(solToLamports(0.07).toString()).toBe('70000000')
    expect(solToLamports(15.75).toString()).toBe('15750000000')
  })

  it('create_project: the next project id seeds the project, its mint and vault; args in Borsh order', async () => {
    const instruction = await client.createProjectInstruction(7n, {
      title: 'Film',
      metadataUri: 'u',
      metadataHash: Array.from({ length: 32 }, (_, index) => index),
      fundingGoalLamports: solToLamports(2),
      deadline: 1_800_000_000n,
      genreMask: 0b101n,
    })
    const id = Buffer.alloc(8)
    id.writeBigUInt64LE(7n)
    const projectKey = PublicKey.findProgramAddressSync([Buffer.from('project'), id], MARQUEE_PROGRAM_ID)[0]
    const expected = [
      investor,
      pda('platform'),
      pda('studio', investor),
      projectKey,
      pda('share_mint', projectKey),
      pda('vault', projectKey),
      ...CREATING_AND_EMITTING_TAIL,
    ]
    expectEveryAccount('create_project', instruction, expected)
    const string = (text: string) => Buffer.concat([Buffer.from([text.length, 0, 0, 0]), Buffer.from(text)])
    const u64 = (value: bigint) => {
      const bytes = Buffer.alloc(8)
      bytes.writeBigInt64LE(value)
      return bytes
    }
    expect(Buffer.from(instruction.data).toString('hex')).toBe(
      Buffer.concat([
        discriminator('create_project'),
        string('Film'),
        string('u'),
        Buffer.from(Array.from({ length: 32 }, (_, index) => index)),
        u64(2_000_000_000n),
        u64(1_800_000_000n),
        u64(0b101n),
      ]).toString('hex'),
    )
  })

  it('refund: the investor, the project, its Investment, share mint, the investor’s ATA and the vault', async () => {
    const instruction = await client.refundInstruction(project)
    const shareMint = pda('share_mint', projectAddress)
    const expected = [
      investor,
      projectAddress,
      pda('investment', projectAddress, investor),
      shareMint,
      getAssociatedTokenAddressSync(shareMint, investor),
      pda('vault', projectAddress),
      SHARE_TOKEN_PROGRAM_ID,
      pda('__event_authority'),
      MARQUEE_PROGRAM_ID,
    ]
    expect(instruction.keys.map((key) => key.pubkey.toBase58())).toEqual(expected.map((key) => key.toBase58()))
    expect(Buffer.from(instruction.data).toString('hex')).toBe(discriminator('refund').toString('hex'))
  })

  it('verify_studio and register_studio name the studio PDA of the authority', async () => {
    const studioAuthority = Keypair.generate().publicKey
    const verify = await client.verifyStudioInstruction({ authority: studioAuthority.toBase58() }, true)
    expect(verify.keys[2].pubkey.toBase58()).toBe(pda('studio', studioAuthority).toBase58())
    expect(Buffer.from(verify.data).toString('hex')).toBe(Buffer.concat([discriminator('verify_studio'), Buffer.from([1])]).toString('hex'))
    const register = await client.registerStudioInstruction('Harbour Films')
    expect(register.keys[2].pubkey.toBase58()).toBe(pda('studio', investor).toBase58())
  })

  it('update_project_metadata: the studio (signer, read-only) and the project (writable), then the URI and the 32 hash bytes in Borsh', async () => {
    const sha256 = 'ab'.repeat(32)
    const uri = `http://localhost/api/metadata/${sha256}`
    const instruction = await client.updateProjectMetadataInstruction(project, uri, sha256)
    expect(idlAccounts('update_project_metadata')).toEqual(['authority', 'project', 'event_authority', 'program'])
    expect(instruction.keys.map((key) => [key.pubkey.toBase58(), key.isSigner, key.isWritable])).toEqual([
      [investor.toBase58(), true, false],
      [projectAddress.toBase58(), false, true],
      [pda('__event_authority').toBase58(), false, false],
      [MARQUEE_PROGRAM_ID.toBase58(), false, false],
    ])
    const length = Buffer.alloc(4)
    length.writeUInt32LE(uri.length)
    expect(Buffer.from(instruction.data).toString('hex')).toBe(
      Buffer.concat([discriminator('update_project_metadata'), length, Buffer.from(uri), Buffer.from(sha256, 'hex')]).toString('hex'),
    )
  })

  describe('campaigns', () => {
    const u64 = (value: bigint) => {
      const bytes = Buffer.alloc(8)
      bytes.writeBigUInt64LE(value)
      return bytes
    }
    const i64 = (value: bigint) => {
      const bytes = Buffer.alloc(8)
      bytes.writeBigInt64LE(value)
      return bytes
    }
    const string = (text: string) => Buffer.concat([u64(BigInt(Buffer.byteLength(text))).subarray(0, 4), Buffer.from(text)])
    const campaignPda = (id: bigint) =>
      PublicKey.findProgramAddressSync([Buffer.from('campaign'), investor.toBuffer(), u64(id)], MARQUEE_PROGRAM_ID)[0]
    const hash = 'ab'.repeat(32)
    const video = {
      adType: 'video' as const,
      budgetSol: 1,
      maxDailySpendSol: 0.25,
      creativeUri: '/api/media/creative',
      creativeHash: hash,
      targetGenres: ['Drama', 'thriller'],
      startAt: '2026-03-01T00:00:00.000Z',
      endAt: '2026-03-31T23:59:59.000Z',
    }

    it('create_campaign: the PDA ["campaign", advertiser, id u64 LE], accounts in IDL order, args in Borsh order with the video price', async () => {
      const instruction = await client.createCampaignInstruction({ campaignId: 258n, input: video, now: 1 })
      const expected = [investor, campaignPda(258n), new PublicKey('11111111111111111111111111111111'), pda('__event_authority'), MARQUEE_PROGRAM_ID]
      expect(idlAccounts('create_campaign')).toHaveLength(expected.length)
      expect(instruction.keys.map((key) => key.pubkey.toBase58())).toEqual(expected.map((key) => key.toBase58()))
      expect(instruction.keys[0]).toMatchObject({ isSigner: true, isWritable: true })
      expect(instruction.keys[1]).toMatchObject({ isSigner: false, isWritable: true })
      const dramaAndThriller = (1n << BigInt(AD_GENRES.indexOf('Drama'))) | (1n << BigInt(AD_GENRES.indexOf('Thriller')))
      expect(Buffer.from(instruction.data).toString('hex')).toBe(
        Buffer.concat([
          discriminator('create_campaign'),
          u64(258n),
          Buffer.from([1]),
          u64(15_000_000n),
          Buffer.alloc(32),
          u64(1_000_000_000n),
          string('/api/media/creative'),
          Buffer.from(hash, 'hex'),
          u64(dramaAndThriller),
          i64(1_772_323_200n),
          i64(1_775_001_599n),
          u64(250_000_000n),
        ]).toString('hex'),
      )
    })

    it('create_campaign: display pays 5,000,000 per mille, an absent start is now, no genres is every film', async () => {
      const instruction = await client.createCampaignInstruction({
        campaignId: 0n,
        input: { ...video, adType: 'display', targetGenres: [], startAt: undefined },
        now: 1_772_000_000,
      })
      const data = Buffer.from(instruction.data)
      expect(data[16]).toBe(0)
      expect(data.readBigUInt64LE(17)).toBe(5_000_000n)
      const afterUri = 8 + 8 + 1 + 8 + 32 + 8 + 4 + Buffer.byteLength(video.creativeUri) + 32
      expect(data.readBigUInt64LE(afterUri)).toBe(0n)
      expect(data.readBigInt64LE(afterUri + 8)).toBe(1_772_000_000n)
    })

    it('create_campaign: a sponsorship names its film in the args and passes it after the program account', async () => {
      const instruction = await client.createCampaignInstruction({
        campaignId: 1n,
        input: { ...video, adType: 'sponsorship', sponsorship: { project, pricePerMilleSol: 0.04 } },
        now: 1,
      })
      expect(instruction.keys).toHaveLength(6)
      expect(instruction.keys[5]).toMatchObject({ isSigner: false, isWritable: false })
      expect(instruction.keys[5].pubkey.toBase58()).toBe(project.address)
      const data = Buffer.from(instruction.data)
      expect(data[16]).toBe(2)
      expect(data.readBigUInt64LE(17)).toBe(40_000_000n)
      expect(new PublicKey(data.subarray(25, 57)).toBase58()).toBe(project.address)
    })

    it('top_up_campaign, set_campaign_paused and close_campaign name the advertiser and the campaign', async () => {
      const campaign = { address: campaignPda(4n).toBase58(), campaignId: '4' }
      const topUp = await client.topUpCampaignInstruction(campaign, 0.25)
      expect(topUp.keys.map((key) => key.pubkey.toBase58()).slice(0, 3)).toEqual([investor.toBase58(), campaign.address, '11111111111111111111111111111111'])
      expect(Buffer.from(topUp.data).toString('hex')).toBe(Buffer.concat([discriminator('top_up_campaign'), u64(250_000_000n)]).toString('hex'))
      const pause = await client.setCampaignPausedInstruction(campaign, true)
      expect(pause.keys[0]).toMatchObject({ isSigner: true, isWritable: false })
      expect(Buffer.from(pause.data).toString('hex')).toBe(Buffer.concat([discriminator('set_campaign_paused'), Buffer.from([1])]).toString('hex'))
      const close = await client.closeCampaignInstruction(campaign)
      expect(idlAccounts('close_campaign')).toHaveLength(close.keys.length)
      expect(close.keys[1].pubkey.toBase58()).toBe(campaign.address)
      expect(Buffer.from(close.data).toString('hex')).toBe(discriminator('close_campaign').toString('hex'))
    })

    it('genreMask: bit i for genres[i], case-insensitive; an unknown genre is refused', () => {
      expect(genreMask([])).toBe(0n)
      expect(genreMask([AD_GENRES[0], AD_GENRES[3].toUpperCase()])).toBe(0b1001n)
      expect(() => genreMask(['Opera'])).toThrow('Unknown ad genre: Opera')
    })
  })

  describe('campaign flow', () => {
    afterEach(() => vi.unstubAllGlobals())

    /** A client whose chain has campaigns at `existing` ids and whose wallet "sends" by recording. */
    function flowClient(existing: bigint[]) {
      const taken = new Set(existing.map((id) => packagePda.campaign(investor, id).toBase58()))
      const connection = { getAccountInfo: async (key: PublicKey) => (taken.has(key.toBase58()) ? { lamports: 1 } : null) } as unknown as Connection
      const flow = new AnchorClient(connection, wallet)
      const sent: unknown[] = []
      ;(flow as unknown as { send: (instructions: unknown[]) => Promise<string> }).send = async (instructions) => {
        sent.push(...instructions)
        return 'campaignsig'
      }
      return { flow, sent, address: (id: bigint) => packagePda.campaign(investor, id).toBase58() }
    }

    it('the next campaign id is one past the indexed ones, then past any the chain already has', async () => {
      installFakeApi({ [`GET /api/campaigns?advertiser=${investor.toBase58()}`]: () => ({ campaigns: [{ campaignId: '0' }, { campaignId: '2' }] }) })
      expect(await flowClient([3n, 4n]).flow.nextCampaignId()).toBe(5n)
      expect(await flowClient([]).flow.nextCampaignId()).toBe(3n)
    })

    it('create: signs create_campaign, reports the transaction, then records the details with PUT', async () => {
      const { flow, sent, address } = flowClient([])
      const api = installFakeApi({
        [`GET /api/campaigns?advertiser=${investor.toBase58()}`]: () => ({ campaigns: [] }),
        'POST /api/transactions': () => ({ signature: 'campaignsig', events: [{ name: 'CampaignCreated', data: {} }] }),
        [`PUT /api/campaigns/${address(0n)}/details`]: () => ({ address: address(0n), companyName: 'Acme' }),
      })
      const result = await flow.createCampaign({
        adType: 'display',
        budgetSol: 0.005,
        maxDailySpendSol: 0.01,
        creativeUri: '/api/media/x',
        creativeHash: '00'.repeat(32),
        targetGenres: [],
        endAt: '2099-01-01T00:00:00.000Z',
        details: { companyName: 'Acme', email: 'a@b.co', website: 'https://acme.test', targetAudience: 'all', monthlyBudgetUsd: 1000 },
      })
      expect(sent).toHaveLength(1)
      expect(result).toEqual({ txHash: 'campaignsig', campaign: { address: address(0n), companyName: 'Acme' } })
      expect(api.find('POST', '/api/transactions')[0].body).toEqual({ txHash: 'campaignsig' })
      expect(api.find('PUT', `/api/campaigns/${address(0n)}/details`)[0].body).toEqual({
        walletAddress: investor.toBase58(),
        companyName: 'Acme',
        email: 'a@b.co',
        website: 'https://acme.test',
        targetAudience: 'all',
        monthlyBudgetUsd: 1000,
      })
      expect(api.find('PUT', `/api/campaigns/${address(0n)}/details`)[0].cluster).toBe('devnet')
    })

    it('close: the refund is the CampaignClosed event’s refunded_lamports', async () => {
      const { flow, address } = flowClient([])
      const campaign = { address: address(1n), campaignId: '1' }
      installFakeApi({
        'POST /api/transactions': () => ({ signature: 'campaignsig', events: [{ name: 'CampaignClosed', data: { refunded_lamports: '985000000' } }] }),
        [`GET /api/campaigns/${campaign.address}`]: () => ({ address: campaign.address, status: 'closed' }),
      })
      expect(await flow.closeCampaign(campaign)).toEqual({ txHash: 'campaignsig', refundedLamports: '985000000', campaign: { address: campaign.address, status: 'closed' } })
    })
  })
})

describe('AnchorClient.updateProjectMetadata', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('stores the edited document, signs update_project_metadata with its URI and hash, then reports the transaction', async () => {
    const sha256 = 'cd'.repeat(32)
    const uri = `http://localhost/api/metadata/${sha256}?cluster=devnet`
    const api = installFakeApi({
      'POST /api/projects/3/metadata': () => ({ uri, sha256 }),
      'POST /api/transactions': () => ({ signature: 'editsig', events: [] }),
    })
    const sent: string[] = []
    // The wallet's signing and devnet are not reached: the provider's send is the boundary.
    const provider = (client as unknown as { provider: { sendAndConfirm: (tx: { instructions: { data: Buffer }[] }) => Promise<string> } }).provider
    const spy = vi.spyOn(provider, 'sendAndConfirm').mockImplementation(async (tx) => {
      sent.push(Buffer.from(tx.instructions[0].data).toString('hex'))
      return 'editsig'
    })
    const edit = { description: 'Now with a storm.', directorName: 'Ines Ward', releaseYear: 2025, licenseType: 'Worldwide Distribution', genres: ['Drama'] }
    expect(await client.updateProjectMetadata(project, edit)).toEqual({ txHash: 'editsig', uri, sha256 })
    expect(api.find('POST', '/api/projects/3/metadata')[0].body).toEqual(edit)
    expect(sent).toEqual([Buffer.from((await client.updateProjectMetadataInstruction(project, uri, sha256)).data).toString('hex')])
    expect(api.find('POST', '/api/transactions')[0].body).toEqual({ txHash: 'editsig' })
    // Nothing is signed when the server refuses the edit (e.g. nothing changed).
    installFakeApi({ 'POST /api/projects/3/metadata': () => new Response(JSON.stringify({ message: 'Nothing to update: the film already shows these details' }), { status: 400 }) })
    await expect(client.updateProjectMetadata(project, edit)).rejects.toThrow(/Nothing to update/)
    expect(spy).toHaveBeenCalledTimes(1)
  })
})

describe('AnchorClient.registerEmbeds (Auto-List on a real cluster)', () => {
  afterEach(() => vi.restoreAllMocks())
  const films = (count: number, firstId: number) =>
    Array.from({ length: count }, (_, index) => ({ id: firstId + index, address: Keypair.generate().publicKey.toBase58(), fundingGoal: 1000, title: `Film ${index}` }))

  it('signs register_embed for every film, several to a transaction, and reports each embed with its transaction', async () => {
    const eight = films(8, 10)
    const api = installFakeApi({ 'POST /api/embeds': ({ body }) => ({ ...(body as object), id: 1 }) })
    const sent: { data: Buffer }[][] = []
    // The wallet's signing and the cluster are not reached: the provider's send is the boundary, one call per wallet prompt.
    const provider = (client as unknown as { provider: { sendAndConfirm: (tx: { instructions: { data: Buffer }[] }) => Promise<string> } }).provider
    vi.spyOn(provider, 'sendAndConfirm').mockImplementation(async (tx) => {
      sent.push(tx.instructions)
      return `sig${sent.length}`
    })
    const registered = await client.registerEmbeds(eight, 'https://films.example')

    // Eight films, two prompts: six fit the first transaction (the packet's and the cap's limit), two the second.
    expect(sent.map((instructions) => instructions.length)).toEqual([6, 2])
    for (const instructions of sent) {
      for (const instruction of instructions) {
        expect(Buffer.from(instruction.data).subarray(0, 8).toString('hex')).toBe(discriminator('register_embed').toString('hex'))
      }
    }
    expect(registered.map((embed) => embed.projectId)).toEqual(eight.map((film) => film.id))
    expect(registered.map((embed) => embed.txHash)).toEqual([...Array(6).fill('sig1'), 'sig2', 'sig2'])
    expect(new Set(registered.map((embed) => embed.embedId)).size).toBe(8)
    // Each film's instruction carries its own embed id, and the server is told of each under its transaction.
    for (const [index, embed] of registered.entries()) {
      const instruction = sent.flat()[index]
      expect(Buffer.from(instruction.data).includes(Buffer.from(embed.embedId))).toBe(true)
    }
    expect(api.find('POST', '/api/embeds').map((request) => request.body)).toEqual(
      registered.map(({ projectId, embedId, txHash }) => ({ projectId, websiteUrl: 'https://films.example', embedId, txHash, onChain: true })),
    )
  })

  it('keeps what was registered before a refused transaction and reports nothing of the refused one', async () => {
    const api = installFakeApi({ 'POST /api/embeds': ({ body }) => ({ ...(body as object), id: 1 }) })
    const provider = (client as unknown as { provider: { sendAndConfirm: () => Promise<string> } }).provider
    vi.spyOn(provider, 'sendAndConfirm')
      .mockResolvedValueOnce('sig1')
      .mockRejectedValueOnce(new Error('User rejected the request.'))
    await expect(client.registerEmbeds(films(7, 30), 'https://films.example')).rejects.toThrow(/User rejected/)
    expect(api.find('POST', '/api/embeds')).toHaveLength(6)
  })
})
