// Collaboration hubs (the Collaboration dashboard): per project, the chat, the studio's updates, polls
// with one vote per wallet (the primary key of poll_votes enforces it, on both databases), and the
// team the studio names. Off-chain data written for wallets; times are unix milliseconds.
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

export const migration007: MarqueeMigration = {
  name: '007_collaboration',
  async up(db, dialect) {
    await withId(db.schema.createTable('chat_messages'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('sender_wallet', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('attachment_url', 'text')
      .addColumn('attachment_title', 'text')
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_messages_project').on('chat_messages').columns(['project_id', 'id']).execute();
    // The live feed re-reads the last seconds of every project's messages.
    await db.schema.createIndex('chat_messages_created').on('chat_messages').column('created_at').execute();

    await withId(db.schema.createTable('project_updates'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('author_wallet', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('project_updates_project').on('project_updates').columns(['project_id', 'created_at']).execute();

    await withId(db.schema.createTable('polls'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('ends_at', INT, (c) => c.notNull())
      .addColumn('creator_wallet', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('polls_project').on('polls').columns(['project_id', 'created_at']).execute();

    await withId(db.schema.createTable('poll_options'), dialect)
      .addColumn('poll_id', INT, (c) => c.notNull().references('polls.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addUniqueConstraint('poll_options_poll_position', ['poll_id', 'position'])
      .execute();

    await db.schema
      .createTable('poll_votes')
      .addColumn('poll_id', INT, (c) => c.notNull().references('polls.id'))
      .addColumn('wallet', 'text', (c) => c.notNull())
      .addColumn('option_id', INT, (c) => c.notNull().references('poll_options.id'))
      .addColumn('voted_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('poll_votes_one_per_wallet', ['poll_id', 'wallet'])
      .execute();

    await withId(db.schema.createTable('team_members'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('avatar_url', 'text')
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_members_project').on('team_members').columns(['project_id', 'id']).execute();
  },
};
