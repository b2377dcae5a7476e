// @vitest-environment node
// Auto-List's packing (the program client's transaction-packing): every register_embed, in order, in as few transactions as fit one packet and
// the per-transaction cap; a website address of the program's longest still fits.
import { Connection, Keypair, PACKET_DATA_SIZE } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { MAX_WEBSITE_URL_LEN, packInstructions, transactionSize } from '@marquee/program-client'
import { embedIdFor } from '@marquee/program-client/embed-id'
import { AnchorClient } from './anchor-client'

const publisher = Keypair.generate().publicKey
const client = new AnchorClient(new Connection('http://127.0.0.1:1'), {
  publicKey: publisher,
  signTransaction: async (tx) => tx,
  signAllTransactions: async (txs) => txs,
})
const film = (id: number) => ({ id, address: Keypair.generate().publicKey.toBase58(), fundingGoal: 1000, title: `Film ${id}` })
const registrations = (count: number, websiteUrl: string) =>
  Array.from({ length: count }, (_, id) => Object.assign(client.registerEmbedInstruction(film(id), websiteUrl, embedIdFor(id)), { id }))

describe('packInstructions', () => {
  it('keeps every instruction in order, each transaction within one packet and the cap', () => {
    const instructions = registrations(13, 'https://films.example/')
    const groups = packInstructions(instructions, publisher, 6)
    expect(groups.flat().map((instruction) => instruction.id)).toEqual(instructions.map((instruction) => instruction.id))
    for (const group of groups) {
      expect(group.length).toBeLessThanOrEqual(6)
      expect(transactionSize(group, publisher)).toBeLessThanOrEqual(PACKET_DATA_SIZE)
    }
    // Fewer transactions than films: the point of packing (one wallet prompt per transaction).
    expect(groups.length).toBeLessThan(instructions.length)
    expect(groups.length).toBeGreaterThanOrEqual(Math.ceil(13 / 6))
  })

  it('cuts earlier when the packet is full: long website addresses', () => {
    const longUrl = `https://films.example/${'a'.repeat(MAX_WEBSITE_URL_LEN - 'https://films.example/'.length)}`
    const instructions = registrations(6, longUrl)
    expect(transactionSize(instructions, publisher)).toBeGreaterThan(PACKET_DATA_SIZE)
    const groups = packInstructions(instructions, publisher, 6)
    expect(groups.length).toBeGreaterThan(1)
    expect(groups.flat()).toHaveLength(6)
    for (const group of groups) expect(transactionSize(group, publisher)).toBeLessThanOrEqual(PACKET_DATA_SIZE)
  })

  it('packs nothing into no transaction', () => {
    expect(packInstructions([], publisher, 6)).toEqual([])
  })
})
