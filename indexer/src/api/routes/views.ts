// /api/views: the embed player asks for a play nonce when it starts, and reports the view after it
// stayed visible long enough. One view per nonce, registered embeds only, per-IP limits; counted
// views wait in the views table for the settlement job.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv, ViewRules } from '../context.ts';
import { fail } from '../errors.ts';
import { nonceBody, viewBody } from '../schemas.ts';
import { validate } from '../validate.ts';
import { originOf } from '../../player/website.ts';
import type { Db } from '../../db/database.ts';

function findEmbed(db: Db, projectId: number, embedId: string) {
  const embed = db.prepare('SELECT address, project_id, website_url FROM embeds WHERE project_id = ? AND embed_id = ?').get(projectId, embedId) as
    | { address: string; project_id: number; website_url: string }
    | undefined;
  if (!embed) fail(404, 'Embed not found: register the embed before playing it');
  return embed;
}

export function viewRoutes(now: () => number, rules: ViewRules) {
  return new Hono<AppEnv>()
    .post('/nonce', validate('json', nonceBody), (c) => {
      const { db } = c.var.cluster;
      const { projectId, embedId } = c.req.valid('json');
      const embed = findEmbed(db, projectId, embedId);
      const registered = originOf(embed.website_url);
      if (originOf(c.req.valid('json').website ?? '') !== registered) fail(403, `Views of this embed count on ${registered} only`);
      const issuedAt = now();
      const recent = db
        .prepare('SELECT COUNT(*) AS n FROM play_nonces WHERE ip = ? AND issued_at > ?')
        .get(c.var.clientIp, issuedAt - rules.windowMs) as { n: number };
      if (recent.n >= rules.maxNoncesPerIp) fail(429, 'Too many plays from this address; try again in a minute');
      // Plays that never reported a view expire; their nonces are dropped so the table stays small.
      db.prepare('DELETE FROM play_nonces WHERE used_at IS NULL AND issued_at < ?').run(issuedAt - rules.nonceTtlMs);
      const nonce = randomBytes(16).toString('hex');
      db.prepare('INSERT INTO play_nonces (nonce, embed, ip, issued_at) VALUES (?, ?, ?, ?)').run(nonce, embed.address, c.var.clientIp, issuedAt);
      return c.json({ nonce, issuedAt: new Date(issuedAt).toISOString(), minWatchMs: rules.minWatchMs }, 201);
    })
    .post('/', validate('json', viewBody), (c) => {
      const { db } = c.var.cluster;
      const body = c.req.valid('json');
      const embed = findEmbed(db, body.projectId, body.embedId);
      const reportedAt = now();
      const play = db.prepare('SELECT * FROM play_nonces WHERE nonce = ?').get(body.nonce) as
        | { embed: string; issued_at: number; used_at: number | null }
        | undefined;
      if (!play || play.embed !== embed.address) fail(400, 'Unknown play nonce for this embed');
      if (play.used_at !== null) return c.json({ counted: false, reason: 'This play was already counted' });
      if (reportedAt - play.issued_at > rules.nonceTtlMs) return c.json({ counted: false, reason: 'The play nonce expired' });
      if (reportedAt - play.issued_at < rules.minWatchMs) {
        return c.json({ counted: false, reason: `The player must stay visible for ${rules.minWatchMs / 1000} s` });
      }
      const recent = db
        .prepare('SELECT COUNT(*) AS n FROM views WHERE ip = ? AND counted_at > ?')
        .get(c.var.clientIp, reportedAt - rules.windowMs) as { n: number };
      if (recent.n >= rules.maxViewsPerIp) fail(429, 'Too many views from this address; try again in a minute');
      const counted = db.transaction(() => {
        const used = db.prepare('UPDATE play_nonces SET used_at = ? WHERE nonce = ? AND used_at IS NULL').run(reportedAt, body.nonce);
        if (used.changes === 0) return false;
        db.prepare('INSERT INTO views (project_id, embed, nonce, ip, counted_at) VALUES (?, ?, ?, ?, ?)').run(
          embed.project_id,
          embed.address,
          body.nonce,
          c.var.clientIp,
          reportedAt,
        );
        return true;
      })();
      return c.json(counted ? { counted: true } : { counted: false, reason: 'This play was already counted' });
    });
}
