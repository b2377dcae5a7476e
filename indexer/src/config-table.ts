// The README's configuration table, rendered from the environment schema's declarations (config.ts)
// so the documentation lists exactly the variables the server reads, with their defaults and checks.
import { variableDocs } from './config.ts';

/** Markdown text of a cell: pipes would end it. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function configurationTable(): string {
  const rows = variableDocs().map(([name, doc]) => {
    const fallback = doc.retired ? 'refused' : doc.default === undefined ? 'unset' : `\`${doc.default}\``;
    return `| \`${name}\` | ${cell(fallback)} | ${cell(doc.expects)} | ${cell(doc.meaning)} |`;
  });
  return ['| Variable | Default | Expects | What it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
