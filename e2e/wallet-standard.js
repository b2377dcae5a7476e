// A Wallet Standard wallet injected into the page before the dApp loads (page.addInitScript), so
// wallet-adapter lists it like an installed browser extension ("E2E Wallet"). Demo mode needs
// connect, the account and the sign-in: `solana:signIn` formats the SIWS text from the dApp's input
// and signs it, `solana:signMessage` signs given bytes, both with a real ed25519 key (WebCrypto).
// Transactions are not signed unless `signsTransactions` is set (On-Chain mode against a real
// validator): the demo chain signs with the server-held demo keypair. Every signature request is
// recorded in sessionStorage 'e2e-wallet-prompts' (kept across the journey's page loads; the test
// counts the prompts).
// Plain browser JavaScript (a transpiled function would carry bundler helpers along);
// window.__E2E_WALLET__ = { address, publicKey: number[], seed: number[], signsTransactions?: boolean }
// is set just before it runs.
(function registerTestWallet({ address, publicKey, seed, signsTransactions }) {
  const chains = ['solana:devnet', 'solana:mainnet', 'solana:testnet', 'solana:localnet'];
  const account = {
    address,
    publicKey: new Uint8Array(publicKey),
    chains,
    features: ['solana:signTransaction', 'solana:signMessage', 'solana:signIn'],
  };
  const prompts = {
    push(name) {
      const seen = JSON.parse(sessionStorage.getItem('e2e-wallet-prompts') || '[]');
      sessionStorage.setItem('e2e-wallet-prompts', JSON.stringify([...seen, name]));
    },
  };
  // PKCS#8 wrapping of an Ed25519 seed (RFC 8410).
  const pkcs8 = new Uint8Array([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20, ...seed]);
  const privateKey = crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  const sign = async (bytes) => new Uint8Array(await crypto.subtle.sign('Ed25519', await privateKey, bytes));
  // The SIWS text of a sign-in input, as wallets build it.
  const siwsText = (input) => {
    const labels = [
      ['uri', 'URI'],
      ['version', 'Version'],
      ['chainId', 'Chain ID'],
      ['nonce', 'Nonce'],
      ['issuedAt', 'Issued At'],
      ['expirationTime', 'Expiration Time'],
      ['notBefore', 'Not Before'],
      ['requestId', 'Request ID'],
    ];
    let text = `${input.domain || window.location.host} wants you to sign in with your Solana account:\n${address}`;
    if (input.statement) text += `\n\n${input.statement}`;
    const lines = labels.filter(([key]) => input[key]).map(([key, label]) => `${label}: ${input[key]}`);
    if (lines.length) text += `\n\n${lines.join('\n')}`;
    return text;
  };
  // A compact-u16 (Solana's short vector length) at `offset`: its value and its length in bytes.
  const compactU16 = (bytes, offset) => {
    let value = 0;
    for (let size = 0; size < 3; size++) {
      const byte = bytes[offset + size];
      value |= (byte & 0x7f) << (7 * size);
      if ((byte & 0x80) === 0) return { value, size: size + 1 };
    }
    throw new Error('bad compact-u16');
  };
  // A wire transaction signed in this account's signature slot: the message's signer keys name the slot.
  const signWireTransaction = async (wire) => {
    const signatures = compactU16(wire, 0);
    const messageStart = signatures.size + 64 * signatures.value;
    const message = wire.subarray(messageStart);
    const header = message[0] & 0x80 ? 1 : 0; // a versioned message starts with its version byte
    const requiredSignatures = message[header];
    const keys = compactU16(message, header + 3);
    const keysStart = header + 3 + keys.size;
    const own = new Uint8Array(publicKey);
    const slot = Array.from({ length: requiredSignatures }, (_, index) => index).find((index) =>
      message.subarray(keysStart + 32 * index, keysStart + 32 * (index + 1)).every((byte, at) => byte === own[at]),
    );
    if (slot === undefined) throw new Error('the E2E wallet is not a signer of this transaction');
    const signed = wire.slice();
    signed.set(await sign(message), signatures.size + 64 * slot);
    return signed;
  };
  let accounts = [];
  const listeners = {};
  const icon =
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIzMiIgaGVpZ2h0PSIzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiBmaWxsPSIjODg0NGZmIi8+PC9zdmc+';
  const emitChange = () => {
    for (const listener of listeners.change ?? []) listener({ accounts });
  };
  const wallet = {
    version: '1.0.0',
    name: 'E2E Wallet',
    icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          accounts = [account];
          emitChange();
          return { accounts };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          accounts = [];
          emitChange();
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event, listener) => {
          (listeners[event] ??= []).push(listener);
          return () => {
            listeners[event] = (listeners[event] ?? []).filter((existing) => existing !== listener);
          };
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs) => {
          prompts.push('signTransaction');
          if (!signsTransactions) throw new Error('the E2E wallet signs no transaction: demo mode signs on the server');
          return Promise.all(inputs.map(async ({ transaction }) => ({ signedTransaction: await signWireTransaction(transaction) })));
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs) =>
          Promise.all(
            inputs.map(async ({ message }) => {
              prompts.push('signMessage');
              return { signedMessage: message, signature: await sign(message) };
            }),
          ),
      },
      'solana:signIn': {
        version: '1.0.0',
        signIn: async (...inputs) => {
          if (accounts.length === 0) {
            accounts = [account];
            emitChange();
          }
          return Promise.all(
            inputs.map(async (input) => {
              prompts.push('signIn');
              const signedMessage = new TextEncoder().encode(siwsText(input || {}));
              return { account, signedMessage, signature: await sign(signedMessage), signatureType: 'ed25519' };
            }),
          );
        },
      },
    },
  };
  const register = ({ register: registerWallet }) => registerWallet(wallet);
  window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail));
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
})(window.__E2E_WALLET__);
