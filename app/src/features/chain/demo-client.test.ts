// The demo client's Edit: the server stores the edited document and signs update_project_metadata
// with the wallet's demo key (POST /api/demo/update-metadata); the client hands back what it sent.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { DemoClient } from './demo-client'

afterEach(() => vi.unstubAllGlobals())

const edit = { description: 'Now with a storm.', directorName: 'Ines Ward', releaseYear: 2025, licenseType: 'Worldwide Distribution', genres: ['Drama', 'Adventure'] }

describe('DemoClient.updateProjectMetadata', () => {
  it("asks the demo chain for update_project_metadata as the wallet, and answers the transaction and the film's new document", async () => {
    const sha256 = 'ef'.repeat(32)
    const api = installFakeApi({ 'POST /api/demo/update-metadata': () => ({ signature: 'editsig', uri: `http://app.test/api/metadata/${sha256}`, sha256 }) })
    const client = new DemoClient('Wa11et1111111111111111111111111111111111111')
    const updated = await client.updateProjectMetadata({ id: 7, address: 'Pr0ject111111111111111111111111111111111111' }, edit)
    expect(updated).toEqual({ txHash: 'editsig', uri: `http://app.test/api/metadata/${sha256}`, sha256 })
    expect(api.find('POST', '/api/demo/update-metadata')[0].body).toEqual({ walletAddress: 'Wa11et1111111111111111111111111111111111111', projectId: 7, ...edit })
  })

  it("passes the server's refusal on (another wallet's film, nothing changed)", async () => {
    installFakeApi({
      'POST /api/demo/update-metadata': () => new Response(JSON.stringify({ message: 'Only the studio that listed this film can edit it' }), { status: 403 }),
    })
    const client = new DemoClient('Wa11et1111111111111111111111111111111111111')
    await expect(client.updateProjectMetadata({ id: 7, address: 'P' }, edit)).rejects.toThrow('Only the studio that listed this film can edit it')
  })
})
