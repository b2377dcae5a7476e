// /api/collaboration: a film's hub. Anyone may read; any wallet may chat and vote (one vote per
// wallet per poll, enforced by the poll_votes primary key); only the film's studio (the wallet whose
// authority created the project) posts updates, opens polls and names the team. The acting wallet
// of each route must be the signed-in wallet (requireWallet, once per route: 401 without a session, 403
// for another wallet's). New chat messages
// are pushed to open hubs as server-sent events from the cluster's ChatFeed, which polls the table.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, media, get, post, del } from '../openapi.ts';
import { clientKey, SIGNED_WRITE, signedWrite } from '../quotas.ts';

import { type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SSE_KEEPALIVE_MS } from '../../constants.ts';
import { ChatFeed } from '../../collaboration/chat-feed.ts';
import { hubChat, hubPolls, hubs, hubTeam, hubUpdates, type Executor } from '../../db/index.ts';
import type { ChatMessage } from '../../db/collaboration/chat.ts';
import type { HubProject } from '../../db/collaboration/hub.ts';
import type { TeamMember } from '../../db/collaboration/team.ts';
import type { KeysetPage, Paged } from '../../db/keyset.ts';
import { requireWallet } from '../../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { listAnswer, nextCursor, requestedPage } from '../page-cursor.ts';
import {
  actorBody,
  hubListQuery,
  hubQuery,
  messageBody,
  messagesQuery,
  pollBody,
  pollParams,
  projectIdParams,
  teamMemberBody,
  teamMemberParams,
  updateBody,
  voteBody,
  pageQuery,
  pollListQuery,
} from '../schemas.ts';

/** When a client holding the most streams may try again: long enough for a closed tab's stream to end. */
const SSE_RETRY_AFTER_SECONDS = 30;

export const ALREADY_VOTED = "Already Voted: You've already cast your vote on this poll.";
export const POLL_CLOSED = 'This poll is closed: it no longer takes votes';
/** The listing's director as the hub shows them when the studio did not name them: id 0, before every member. */
const listedDirectorMember = (name: string): TeamMember => ({ id: 0, name, role: 'Director', avatarUrl: null });

/** A page of a hub's team; the listed director (when shown) leads the first page. */
async function teamPage(db: Executor, projectId: number, page: KeysetPage, director: string | null): Promise<Paged<TeamMember>> {
  if (director === null || page.after !== null) return hubTeam.pageTeam(db, projectId, page);
  const lead = listedDirectorMember(director);
  if (page.limit === 1) {
    // The director fills the page; the members' first row only says whether another page follows.
    const members = await hubTeam.pageTeam(db, projectId, { limit: 1, after: null });
    return { rows: [lead], next: members.rows.length ? hubTeam.TEAM_ORDER.keyOf(lead) : null };
  }
  const members = await hubTeam.pageTeam(db, projectId, { limit: page.limit - 1, after: null });
  return { rows: [lead, ...members.rows], next: members.next };
}

const ONLY_STUDIO = (what: string) => `Only the studio of this film can ${what}`;

/** The request's cluster database and the film of the hub `projectId` (404 when there is none). */
async function hubOf(c: Context<AppEnv>, projectId: number): Promise<{ db: Executor; project: HubProject }> {
  const db = c.var.cluster.db;
  const project = await hubs.hubProject(db, projectId);
  if (!project) fail(404, 'Project not found');
  return { db, project };
}

/** The acting wallet when it is the film's studio; 403 for anyone else. */
async function requireStudio(c: Context<AppEnv>, db: Executor, project: HubProject, claimed: string, what: string): Promise<string> {
  const wallet = (await requireWallet(c, claimed)).walletAddress;
  if (!(await hubs.isStudioOf(db, project, wallet))) fail(403, ONLY_STUDIO(what));
  return wallet;
}

export function collaborationRoutes(now: () => number) {
  const feeds = new WeakMap<object, ChatFeed>();
  const feedOf = (db: Executor) => {
    let feed = feeds.get(db);
    if (!feed) feeds.set(db, (feed = new ChatFeed(db, now)));
    return feed;
  };

  return new ApiRoutes()
    .endpoint(
      get('/', 'The hubs of the films a wallet lists or holds shares of', { query: hubListQuery, response: contract.LIST_RESPONSES['/api/collaboration'] }),
      async (c) => {
        const query = c.req.valid('query');
        const db = c.var.cluster.db;
        return c.json(
          await listAnswer(
            query,
            hubs.HUB_ORDER,
            () => hubs.hubsOf(db, query.wallet),
            (page) => hubs.pageHubs(db, query.wallet, page),
          ),
        );
      },
    )
    .endpoint(
      get('/{projectId}', 'A hub: team (paginated), top investors, counts; viewerIsStudio for ?wallet=', {
        params: projectIdParams,
        query: hubQuery,
        response: contract.LIST_RESPONSES['/api/collaboration/{projectId}'],
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const query = c.req.valid('query');
        const page = requestedPage(query, hubTeam.TEAM_ORDER);
        const [director, investors, counts, viewerIsStudio] = await Promise.all([
          hubs.listedDirector(db, project.id),
          hubs.topInvestors(db, project),
          hubs.hubCounts(db, project.id),
          query.wallet ? hubs.isStudioOf(db, project, query.wallet) : false,
        ]);
        if (!page) {
          const team = await hubTeam.listTeam(db, project.id);
          // The director of the listing leads the team unless the studio named them itself.
          const listed = director && !team.some((member) => member.name === director) ? [listedDirectorMember(director)] : [];
          return c.json({
            projectId: project.id,
            team: [...listed, ...team],
            topInvestors: investors,
            counts: { ...counts, teamMembers: listed.length + counts.teamMembers },
            viewerIsStudio,
          });
        }
        const directorListed = director !== null && !(await hubTeam.hasTeamMemberNamed(db, project.id, director));
        const team = await teamPage(db, project.id, page, directorListed ? director : null);
        return c.json({
          projectId: project.id,
          team: team.rows,
          topInvestors: investors,
          counts: { ...counts, teamMembers: (directorListed ? 1 : 0) + counts.teamMembers },
          viewerIsStudio,
          nextCursor: nextCursor(hubTeam.TEAM_ORDER, team),
        });
      },
    )
    .endpoint(
      get('/{projectId}/messages', 'Chat history, oldest first', { params: projectIdParams, query: messagesQuery, response: contract.chatHistory }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const { after, limit } = c.req.valid('query');
        return c.json(await hubChat.listMessages(db, project.id, after, limit));
      },
    )
    .endpoint(
      get('/{projectId}/stream', 'New chat messages as server-sent events (event "message", id = message id)', {
        params: projectIdParams,
        query: messagesQuery,
        response: media('text/event-stream', 'new chat messages: event "message", id = the message id, data = the message as JSON'),
        errors: { 429: 'this client address holds the most streams it may (Retry-After)' },
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        // A reconnecting EventSource says where it stopped in Last-Event-ID.
        const resumeFrom = Number(c.req.header('last-event-id') ?? c.req.valid('query').after) || 0;
        // A stream holds a connection and a subscription for as long as the client keeps it: a few per address.
        const release = c.var.quotas.acquire(clientKey(c));
        if (!release) {
          c.header('Retry-After', String(SSE_RETRY_AFTER_SECONDS));
          fail(429, `Too many open chat streams from this address (at most ${c.var.quotas.settings.sseConnections}): close one first`);
        }
        return streamSSE(c, async (stream) => {
          stream.onAbort(release);
          const send = (message: ChatMessage) => stream.writeSSE({ event: 'message', id: String(message.id), data: JSON.stringify(message) });
          let sentUpTo = resumeFrom;
          const forward = (message: ChatMessage) => {
            if (message.id <= sentUpTo) return;
            sentUpTo = message.id;
            void send(message);
          };
          const unsubscribe = await feedOf(db).subscribe(project.id, forward);
          stream.onAbort(unsubscribe);
          // What was posted between the client's history read and this subscription.
          for (const message of await hubChat.listMessages(db, project.id, resumeFrom, 200)) forward(message);
          while (!stream.aborted) {
            await stream.sleep(SSE_KEEPALIVE_MS);
            if (!stream.aborted) await stream.write(': keep-alive\n\n');
          }
          unsubscribe();
          release();
        });
      },
    )
    .endpoint(
      post('/{projectId}/messages', 'Post a chat message as the signed-in wallet', {
        middleware: [signedWrite('chat')],
        params: projectIdParams,
        body: messageBody,
        response: contract.chatMessage,
        status: 201,
        errors: { ...SIGNED_WRITE, 401: 'no session' },
      }),
      async (c) => {
        const { walletAddress, text, attachment } = c.req.valid('json');
        const wallet = (await requireWallet(c, walletAddress)).walletAddress;
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const message = await hubChat.insertMessage(db, { projectId: project.id, wallet, text, attachment, now: now() });
        void feedOf(db).poke();
        return c.json(message, 201);
      },
    )
    .endpoint(
      get('/{projectId}/updates', "The studio's updates, newest first", {
        params: projectIdParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/collaboration/{projectId}/updates'],
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const list = () => hubUpdates.listUpdates(db, project.id);
        return c.json(await listAnswer(c.req.valid('query'), hubUpdates.UPDATE_ORDER, list, (page) => hubUpdates.pageUpdates(db, project.id, page)));
      },
    )
    .endpoint(
      post('/{projectId}/updates', 'Post an update (the studio only)', {
        middleware: [signedWrite('chat')],
        params: projectIdParams,
        body: updateBody,
        response: contract.update,
        status: 201,
        errors: { ...SIGNED_WRITE, 401: 'no session', 403: 'not the studio of this film' },
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const { walletAddress, title, description } = c.req.valid('json');
        const wallet = await requireStudio(c, db, project, walletAddress, 'post updates');
        return c.json(await hubUpdates.insertUpdate(db, { projectId: project.id, wallet, title, description, now: now() }), 201);
      },
    )
    .endpoint(
      get('/{projectId}/polls', 'Polls with tallies, newest first; myVote for ?wallet=', {
        params: projectIdParams,
        query: pollListQuery,
        response: contract.LIST_RESPONSES['/api/collaboration/{projectId}/polls'],
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const query = c.req.valid('query');
        const viewer = query.wallet ?? null;
        const list = () => hubPolls.listPolls(db, project.id, viewer, now());
        return c.json(await listAnswer(query, hubPolls.POLL_ORDER, list, (page) => hubPolls.pagePolls(db, project.id, viewer, now(), page)));
      },
    )
    .endpoint(
      post('/{projectId}/polls', 'Open a poll (the studio only)', {
        middleware: [signedWrite('chat')],
        params: projectIdParams,
        body: pollBody,
        response: contract.poll,
        status: 201,
        errors: { ...SIGNED_WRITE, 401: 'no session', 403: 'not the studio of this film' },
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const { walletAddress, question, options, endDate } = c.req.valid('json');
        const wallet = await requireStudio(c, db, project, walletAddress, 'open polls');
        const endsAt = Date.parse(endDate);
        const nowMs = now();
        if (!hubPolls.pollIsOpen(endsAt, nowMs)) fail(400, 'endDate must be in the future');
        return c.json(await hubPolls.insertPoll(db, { projectId: project.id, wallet, question, options, endsAt, now: nowMs }), 201);
      },
    )
    .endpoint(
      post('/{projectId}/polls/{pollId}/votes', 'Vote once per wallet while the poll is active', {
        middleware: [signedWrite('chat')],
        params: pollParams,
        body: voteBody,
        response: contract.poll,
        status: 201,
        errors: { ...SIGNED_WRITE, 401: 'no session', 409: 'Already Voted' },
      }),
      async (c) => {
        const { walletAddress, optionId } = c.req.valid('json');
        const wallet = (await requireWallet(c, walletAddress)).walletAddress;
        const db = c.var.cluster.db;
        const { projectId, pollId } = c.req.valid('param');
        const nowMs = now();
        const poll = await hubPolls.getPoll(db, projectId, pollId, wallet, nowMs);
        if (!poll) fail(404, 'Poll not found');
        if (!poll.options.some((option) => option.id === optionId)) fail(400, `Option ${optionId} is not an option of this poll`);
        if (poll.status !== 'active') fail(400, POLL_CLOSED);
        if (!(await hubPolls.insertVote(db, { pollId, optionId, wallet, now: nowMs }))) fail(409, ALREADY_VOTED);
        return c.json(await hubPolls.getPoll(db, projectId, pollId, wallet, nowMs), 201);
      },
    )
    .endpoint(
      post('/{projectId}/team', 'Add a team member (the studio only)', {
        middleware: [signedWrite()],
        params: projectIdParams,
        body: teamMemberBody,
        response: contract.teamMember,
        status: 201,
        errors: { ...SIGNED_WRITE, 401: 'no session', 403: 'not the studio of this film' },
      }),
      async (c) => {
        const { db, project } = await hubOf(c, c.req.valid('param').projectId);
        const { walletAddress, name, role, avatarUrl } = c.req.valid('json');
        await requireStudio(c, db, project, walletAddress, 'manage the team');
        return c.json(await hubTeam.insertTeamMember(db, { projectId: project.id, name, role, avatarUrl, now: now() }), 201);
      },
    )
    .endpoint(
      del('/{projectId}/team/{memberId}', 'Remove a team member (the studio only)', {
        middleware: [signedWrite()],
        params: teamMemberParams,
        body: actorBody,
        response: { description: 'removed' },
        status: 204,
        errors: { ...SIGNED_WRITE, 401: 'no session', 403: 'not the studio of this film' },
      }),
      async (c) => {
        const { projectId, memberId } = c.req.valid('param');
        const { db, project } = await hubOf(c, projectId);
        await requireStudio(c, db, project, c.req.valid('json').walletAddress, 'manage the team');
        if (!(await hubTeam.deleteTeamMember(db, project.id, memberId))) fail(404, 'Team member not found');
        return c.body(null, 204);
      },
    );
}
