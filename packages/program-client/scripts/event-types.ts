// Writes src/event-types.ts, the TypeScript types of the program's events, from the IDL
// (programs/marquee/idl/marquee.json): one interface per event with its fields as the decoder hands
// them on (pubkeys as base58 text, 64- and 128-bit integers as bigint, smaller ones as numbers,
// unit enums as their variant's lower-case name), one line a type (prettier leaves the file alone). `npm run event-types -w @marquee/program-client`
// after the IDL changes; the decoder's tests fail while the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';

type IdlType = string | { array: [IdlType, number] } | { vec: IdlType } | { option: IdlType } | { defined: { name: string } | string };
interface IdlTypeDef {
  name: string;
  type: { kind: 'struct'; fields: { name: string; type: IdlType }[] } | { kind: 'enum'; variants: { name: string }[] };
}
interface Idl {
  events: { name: string }[];
  types: IdlTypeDef[];
}

const IDL_PATH = new URL('../../../programs/marquee/idl/marquee.json', import.meta.url);
export const EVENT_TYPES_PATH = new URL('../src/event-types.ts', import.meta.url);

const BIGINTS = new Set(['u64', 'i64', 'u128', 'i128']);
const NUMBERS = new Set(['u8', 'u16', 'u32', 'i8', 'i16', 'i32']);

function tsType(type: IdlType): string {
  if (typeof type === 'string') {
    if (type === 'pubkey' || type === 'string') return 'string';
    if (type === 'bool') return 'boolean';
    if (BIGINTS.has(type)) return 'bigint';
    if (NUMBERS.has(type)) return 'number';
    throw new Error(`No TypeScript type for the IDL type ${type}`);
  }
  if ('array' in type) return `${tsType(type.array[0])}[]`;
  if ('vec' in type) return `${tsType(type.vec)}[]`;
  if ('option' in type) return `${tsType(type.option)} | null`;
  return typeof type.defined === 'string' ? type.defined : type.defined.name;
}

/** The source of src/event-types.ts for `idl`. */
export function eventTypesSource(idl: Idl = JSON.parse(readFileSync(IDL_PATH, 'utf8')) as Idl): string {
  const events = idl.events.map((event) => event.name);
  const lines = [
    '// The program\'s events as the decoder hands them on, one interface per event, generated from the',
    '// IDL by scripts/event-types.ts (do not edit: run it after the IDL changes).',
    '',
  ];
  // The events' own types and those their fields use (not exported: named through MarqueeEvents).
  const byName = new Map(idl.types.map((definition) => [definition.name, definition]));
  const used = new Set<string>();
  const visit = (type: IdlType) => {
    if (typeof type === 'string') return;
    if ('array' in type) return visit(type.array[0]);
    if ('vec' in type) return visit(type.vec);
    if ('option' in type) return visit(type.option);
    const name = typeof type.defined === 'string' ? type.defined : type.defined.name;
    if (used.has(name)) return;
    used.add(name);
    const definition = byName.get(name);
    if (definition?.type.kind === 'struct') definition.type.fields.forEach((field) => visit(field.type));
  };
  events.forEach((event) => visit({ defined: event }));
  for (const definition of idl.types.filter((candidate) => used.has(candidate.name))) {
    const { type } = definition;
    if (type.kind === 'enum') {
      lines.push(`type ${definition.name} = ${type.variants.map((variant) => `'${variant.name.toLowerCase()}'`).join(' | ')};`);
      continue;
    }
    // One line a type, its fields in the IDL's order.
    const head = events.includes(definition.name) ? `export interface ${definition.name}Event` : `interface ${definition.name}`;
    lines.push(`${head} { ${type.fields.map((field) => `${field.name}: ${tsType(field.type)}`).join('; ')} }`);
  }
  lines.push('');
  lines.push('/** Every event by its name. */', 'export interface MarqueeEvents {');
  for (const event of events) lines.push(`  ${event}: ${event}Event;`);
  lines.push('}', '');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(EVENT_TYPES_PATH, eventTypesSource());
  console.log(`wrote ${EVENT_TYPES_PATH.pathname}`);
}
