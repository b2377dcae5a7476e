// The collaboration aggregates of a film's hub, one module each: the hub itself (identity and the
// indexed facts it shows), chat, updates, polls and votes, team. Off-chain rows of migration 005, the
// same queries on SQLite and PostgreSQL.
export * from './collaboration/chat.ts';
export * from './collaboration/hub.ts';
export * from './collaboration/polls.ts';
export * from './collaboration/team.ts';
export * from './collaboration/updates.ts';
