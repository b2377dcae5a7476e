// ESLint for the whole workspace (`npm run lint`): typescript-eslint's recommended rules everywhere,
// React's hooks rules in the dApp. Formatting is prettier's (.prettierrc.json), not ESLint's.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/dist-server/', 'target/', 'data/', '.venv/', 'programs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // A name that starts with _ is left unused on purpose (a destructured field dropped, a parameter a signature needs).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests poke at decoded accounts and JSON answers whose shape the assertion itself checks.
    files: ['tests/**', 'indexer/test/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Injected into the page by the browser journeys: a browser script, not a module of the workspace.
    files: ['e2e/wallet-standard.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
)
