// Private by default, as the API document states it: a studio's overview and a campaign's detail
// are answered as separate public and private schemas in /api/openapi.json, and the public ones
// carry none of the private fields (a studio's contact e-mail, website and documents; an
// advertiser's company, e-mail, website, audience and budget).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testApp } from './helpers/app.ts';

type JsonSchema = { title?: string; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };

/** The property names of an object schema, or of every object a nullable/union schema may be. */
function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return [...Object.keys(schema.properties ?? {}), ...(schema.anyOf ?? []).flatMap(fieldsOf)];
}

describe('public and private shapes', () => {
  const cases = [
    { path: '/api/studios/{walletAddress}', name: 'StudioOverview', private: ['contactEmail', 'website', 'documents'], within: 'application' },
    { path: '/api/campaigns/{address}', name: 'CampaignDetail', private: ['companyName', 'email', 'website', 'targetAudience', 'monthlyBudgetUsd'] },
  ];
  for (const { path, name, private: privateFields, within } of cases) {
    test(`GET ${path} answers ${name}Public or ${name}Private, and only the private one has ${privateFields.join(', ')}`, async () => {
      const { app } = await testApp();
      const document = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
      const answer = document.paths[path].get.responses['200'] as { content: Record<string, { schema: JsonSchema }> };
      const shapes = answer.content['application/json'].schema.anyOf ?? [];
      const byTitle = new Map(shapes.map((shape) => [shape.title, shape]));
      assert.deepEqual([...byTitle.keys()].sort(), [`${name}Private`, `${name}Public`]);
      const fields = (title: string) => {
        const shape = byTitle.get(title)!;
        return new Set(within ? fieldsOf(shape.properties?.[within]) : fieldsOf(shape));
      };
      for (const field of privateFields) {
        assert.ok(fields(`${name}Private`).has(field), `${name}Private has ${field}`);
        assert.ok(!fields(`${name}Public`).has(field), `${name}Public has no ${field}`);
      }
    });
  }
});
