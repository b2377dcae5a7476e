// Sign-In With Solana messages (the SIWS text wallets show and sign, as `solana:signIn` builds it
// from its input): formatting the server's sign-in request and parsing what a wallet signed, so the
// verifier checks the fields the user actually saw rather than fields the client claims.
export interface SignInFields {
  domain: string;
  address: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

const HEADER_SUFFIX = ' wants you to sign in with your Solana account:';

/** Fields in the order the SIWS text lists them, with their labels. */
const LABELS: [keyof SignInFields, string][] = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
];

/** The SIWS text of `fields` (what `signMessage` signs when the wallet has no `solana:signIn`). */
export function formatSignInMessage(fields: SignInFields): string {
  let text = `${fields.domain}${HEADER_SUFFIX}\n${fields.address}`;
  if (fields.statement) text += `\n\n${fields.statement}`;
  const lines: string[] = [];
  for (const [key, label] of LABELS) {
    const value = fields[key];
    if (typeof value === 'string' && value) lines.push(`${label}: ${value}`);
  }
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  if (lines.length) text += `\n\n${lines.join('\n')}`;
  return text;
}

/** The fields of a SIWS text, or null when it is not one. */
export function parseSignInMessage(text: string): SignInFields | null {
  const lines = text.split('\n');
  const header = lines[0] ?? '';
  if (!header.endsWith(HEADER_SUFFIX)) return null;
  const domain = header.slice(0, -HEADER_SUFFIX.length);
  const address = lines[1] ?? '';
  if (!domain || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return null;
  const fields: SignInFields = { domain, address };
  let index = 2;
  // An optional statement sits between two blank lines.
  if (lines[index] === '' && lines[index + 1] !== undefined && !isFieldLine(lines[index + 1]) && lines[index + 1] !== '') {
    fields.statement = lines[index + 1];
    index += 2;
  }
  if (index < lines.length) {
    if (lines[index] !== '') return null;
    index += 1;
  }
  const seen = new Set<string>();
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (line === 'Resources:') {
      fields.resources = lines.slice(index + 1).map((resource) => resource.replace(/^- /, ''));
      break;
    }
    const entry = LABELS.find(([, label]) => line.startsWith(`${label}: `));
    if (!entry || seen.has(entry[0])) return null;
    seen.add(entry[0]);
    (fields as unknown as Record<string, string>)[entry[0]] = line.slice(entry[1].length + 2);
  }
  return fields;
}

function isFieldLine(line: string): boolean {
  return LABELS.some(([, label]) => line.startsWith(`${label}: `)) || line === 'Resources:';
}
