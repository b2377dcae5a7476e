// A Wallet Standard wallet injected into the page before the dApp loads (page.addInitScript), so
// wallet-adapter lists it like an installed browser extension ("E2E Wallet"). Demo mode only needs
// connect and the account: the demo chain signs with the server-held demo keypair of the connected
// address. Plain browser JavaScript (a transpiled function would carry bundler helpers along);
// window.__E2E_WALLET__ = { address, publicKey: number[] } is set just before it runs.
(function registerTestWallet({ address, publicKey }) {
  const chains = ['solana:devnet', 'solana:mainnet', 'solana:testnet', 'solana:localnet'];
  const account = {
    address,
    publicKey: new Uint8Array(publicKey),
    chains,
    features: ['solana:signTransaction', 'solana:signMessage'],
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
        signTransaction: async () => {
          throw new Error('the E2E wallet signs nothing: demo mode signs on the server');
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async () => {
          throw new Error('the E2E wallet signs nothing');
        },
      },
    },
  };
  const register = ({ register: registerWallet }) => registerWallet(wallet);
  window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail));
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
})(window.__E2E_WALLET__);
