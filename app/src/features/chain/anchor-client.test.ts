// @vitest-environment node
// The on-chain client builds its instructions from the program's IDL: accounts in IDL order with
// the PDAs of seeds.rs, Anchor discriminators and Borsh arguments. No network is touched.
import { createHash } from 'node:crypto'
import { Keypair, PublicKey, Connection } from '@solana/web3.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { BN } from '@coral-xyz/anchor'
import { AnchorClient, solToLamports } from './anchor-client'
import { ASSOCIATED_TOKEN_PROGRAM_ID, MARQUEE_IDL, MARQUEE_PROGRAM_ID, SHARE_TOKEN_PROGRAM_ID } from './idl'
import { getAssociatedTokenAddressSync } from './token-addresses'

const investor = Keypair.generate().publicKey
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
      new PublicKey('11111111111111111111111111111111'),
      SHARE_TOKEN_PROGRAM_ID,
      ASSOCIATED_TOKEN_PROGRAM_ID,
      pda('__event_authority'),
      MARQUEE_PROGRAM_ID,
    ]
    expect(idlAccounts('invest')).toHaveLength(expected.length)
    expect(instruction.keys.map((key) => key.pubkey.toBase58())).toEqual(expected.map((key) => key.toBase58()))
    expect(instruction.keys[0]).toMatchObject({ isSigner: true, isWritable: true })
    const amount = Buffer.alloc(8)
    amount.writeBigUInt64LE(50_000_000n)
    expect(Buffer.from(instruction.data).toString('hex')).toBe(Buffer.concat([discriminator('invest'), amount]).toString('hex'))
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
      deadline: new BN(1_800_000_000),
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
      new PublicKey('11111111111111111111111111111111'),
      SHARE_TOKEN_PROGRAM_ID,
      pda('__event_authority'),
      MARQUEE_PROGRAM_ID,
    ]
    expect(idlAccounts('create_project')).toHaveLength(expected.length)
    expect(instruction.keys.map((key) => key.pubkey.toBase58())).toEqual(expected.map((key) => key.toBase58()))
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
