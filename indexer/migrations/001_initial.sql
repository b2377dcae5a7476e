-- Marquee indexer schema, one database per cluster.
-- Chain data is the append-only `events` log (the idempotence key is signature + instruction index +
-- event index) plus tables projected from it in per-stream seq order; off-chain data (users,
-- metadata, views, settlement batches) lives beside it.

CREATE TABLE transactions (
  signature   TEXT PRIMARY KEY,
  slot        INTEGER NOT NULL,
  block_time  INTEGER,
  failed      INTEGER NOT NULL DEFAULT 0,
  event_count INTEGER NOT NULL,
  ingested_at INTEGER NOT NULL
);

CREATE TABLE events (
  signature   TEXT NOT NULL,
  ix_index    INTEGER NOT NULL,
  event_index INTEGER NOT NULL,
  slot        INTEGER NOT NULL,
  block_time  INTEGER,
  name        TEXT NOT NULL,
  -- the seq stream: a project address, or 'platform' for platform-wide events
  stream      TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  data        TEXT NOT NULL,
  applied     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (signature, ix_index, event_index)
);
CREATE INDEX events_pending ON events (stream, seq) WHERE applied = 0;
CREATE INDEX events_stream ON events (stream, seq);

-- next seq expected per stream (absent: the stream's first event has not been applied yet)
CREATE TABLE streams (
  stream   TEXT PRIMARY KEY,
  next_seq INTEGER NOT NULL
);

-- backfill cursors: the newest signature below which everything is ingested
CREATE TABLE cursors (
  name      TEXT PRIMARY KEY,
  signature TEXT NOT NULL,
  slot      INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE platform (
  id                          INTEGER PRIMARY KEY CHECK (id = 1),
  admin                       TEXT NOT NULL,
  treasury                    TEXT NOT NULL,
  settlement_authority        TEXT NOT NULL,
  publisher_bps               INTEGER NOT NULL,
  investor_bps                INTEGER NOT NULL,
  platform_bps                INTEGER NOT NULL,
  min_investment_lamports     INTEGER NOT NULL,
  unverified_funding_cap_lamports INTEGER NOT NULL,
  verified_funding_cap_lamports   INTEGER NOT NULL,
  updated_at                  INTEGER NOT NULL
);

CREATE TABLE users (
  id             INTEGER PRIMARY KEY,
  wallet_address TEXT NOT NULL UNIQUE,
  -- the address that signs on this cluster: the wallet itself, or its demo keypair on the demo chain
  chain_address  TEXT NOT NULL UNIQUE,
  username       TEXT NOT NULL,
  is_studio      INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL
);

CREATE TABLE studios (
  id                   INTEGER PRIMARY KEY,
  address              TEXT NOT NULL UNIQUE,
  authority            TEXT NOT NULL,
  name                 TEXT NOT NULL,
  verified             INTEGER NOT NULL DEFAULT 0,
  funding_cap_lamports INTEGER,
  registered_at        INTEGER NOT NULL,
  signature            TEXT NOT NULL
);

CREATE TABLE projects (
  id                     INTEGER PRIMARY KEY,   -- the on-chain project_id
  address                TEXT NOT NULL UNIQUE,
  studio                 TEXT NOT NULL,
  share_mint             TEXT NOT NULL,
  vault                  TEXT NOT NULL,
  title                  TEXT NOT NULL,
  metadata_uri           TEXT NOT NULL,
  metadata_hash          TEXT NOT NULL,
  goal_lamports          INTEGER NOT NULL,
  raised_lamports        INTEGER NOT NULL DEFAULT 0,
  total_shares           INTEGER NOT NULL DEFAULT 0,
  investor_count         INTEGER NOT NULL DEFAULT 0,
  deadline               INTEGER NOT NULL,
  created_at             INTEGER NOT NULL,
  funded_at              INTEGER,
  status                 TEXT NOT NULL DEFAULT 'funding',
  funds_released         INTEGER NOT NULL DEFAULT 0,
  license_signature      TEXT,
  revenue_per_share      TEXT NOT NULL DEFAULT '0',
  total_revenue_lamports INTEGER NOT NULL DEFAULT 0,
  total_views            INTEGER NOT NULL DEFAULT 0,
  signature              TEXT NOT NULL
);
CREATE INDEX projects_studio ON projects (studio);

-- one row per Invested event (the spec's Investment)
CREATE TABLE investments (
  id              INTEGER PRIMARY KEY,
  project_id      INTEGER NOT NULL REFERENCES projects (id),
  investor        TEXT NOT NULL,
  amount_lamports INTEGER NOT NULL,
  shares_minted   INTEGER NOT NULL,
  goal_lamports   INTEGER NOT NULL,
  created_at      INTEGER NOT NULL,
  signature       TEXT NOT NULL,
  ix_index        INTEGER NOT NULL,
  event_index     INTEGER NOT NULL,
  UNIQUE (signature, ix_index, event_index)
);
CREATE INDEX investments_investor ON investments (investor);
CREATE INDEX investments_project ON investments (project_id);

-- an investor's current holding in a project
CREATE TABLE positions (
  project_id INTEGER NOT NULL REFERENCES projects (id),
  investor   TEXT NOT NULL,
  lamports   INTEGER NOT NULL,
  shares     INTEGER NOT NULL,
  PRIMARY KEY (project_id, investor)
);

CREATE TABLE refunds (
  id              INTEGER PRIMARY KEY,
  project_id      INTEGER NOT NULL REFERENCES projects (id),
  investor        TEXT NOT NULL,
  amount_lamports INTEGER NOT NULL,
  shares_burned   INTEGER NOT NULL,
  refunded_at     INTEGER NOT NULL,
  signature       TEXT NOT NULL
);

CREATE TABLE embeds (
  id               INTEGER PRIMARY KEY,
  address          TEXT NOT NULL UNIQUE,
  project_id       INTEGER NOT NULL REFERENCES projects (id),
  publisher        TEXT NOT NULL,
  embed_id         TEXT NOT NULL,
  website_url      TEXT NOT NULL,
  total_views      INTEGER NOT NULL DEFAULT 0,
  earned_lamports  INTEGER NOT NULL DEFAULT 0,
  claimed_lamports INTEGER NOT NULL DEFAULT 0,
  registered_at    INTEGER NOT NULL,
  signature        TEXT NOT NULL,
  UNIQUE (project_id, embed_id)
);

CREATE TABLE distributions (
  id                       INTEGER PRIMARY KEY,
  project_id               INTEGER NOT NULL REFERENCES projects (id),
  idx                      INTEGER NOT NULL,
  address                  TEXT NOT NULL,
  total_lamports           INTEGER NOT NULL,
  publisher_lamports       INTEGER NOT NULL,
  investor_lamports        INTEGER NOT NULL,
  platform_lamports        INTEGER NOT NULL,
  total_views              INTEGER NOT NULL,
  total_shares             INTEGER NOT NULL,
  revenue_per_share_before TEXT NOT NULL,
  revenue_per_share_after  TEXT NOT NULL,
  distributed_at           INTEGER NOT NULL,
  signature                TEXT NOT NULL,
  UNIQUE (project_id, idx)
);

CREATE TABLE distribution_embeds (
  distribution_id INTEGER NOT NULL REFERENCES distributions (id),
  embed           TEXT NOT NULL,
  views           INTEGER NOT NULL,
  amount_lamports INTEGER NOT NULL,
  PRIMARY KEY (distribution_id, embed)
);

-- the spec's revenue distribution row for a user: one distribution x one investor
CREATE TABLE investor_distributions (
  id               INTEGER PRIMARY KEY,
  distribution_id  INTEGER NOT NULL REFERENCES distributions (id),
  project_id       INTEGER NOT NULL REFERENCES projects (id),
  investor         TEXT NOT NULL,
  shares           INTEGER NOT NULL,
  amount_lamports  INTEGER NOT NULL,
  claimed          INTEGER NOT NULL DEFAULT 0,
  claim_signature  TEXT,
  UNIQUE (distribution_id, investor)
);
CREATE INDEX investor_distributions_investor ON investor_distributions (investor, claimed);

CREATE TABLE revenue_claims (
  id              INTEGER PRIMARY KEY,
  project_id      INTEGER NOT NULL REFERENCES projects (id),
  investor        TEXT NOT NULL,
  amount_lamports INTEGER NOT NULL,
  claimed_at      INTEGER NOT NULL,
  signature       TEXT NOT NULL
);
CREATE INDEX revenue_claims_investor ON revenue_claims (investor);

CREATE TABLE publisher_claims (
  id              INTEGER PRIMARY KEY,
  embed           TEXT NOT NULL,
  publisher       TEXT NOT NULL,
  amount_lamports INTEGER NOT NULL,
  claimed_at      INTEGER NOT NULL,
  signature       TEXT NOT NULL
);

-- off-chain project metadata, content-addressed by the sha256 that create_project stores
CREATE TABLE metadata (
  sha256     TEXT PRIMARY KEY,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE play_nonces (
  nonce      TEXT PRIMARY KEY,
  embed      TEXT NOT NULL,
  ip         TEXT NOT NULL,
  issued_at  INTEGER NOT NULL,
  used_at    INTEGER
);

CREATE TABLE settlement_batches (
  id               INTEGER PRIMARY KEY,
  project_id       INTEGER NOT NULL REFERENCES projects (id),
  expected_index   INTEGER NOT NULL,
  amount_lamports  INTEGER NOT NULL,
  status           TEXT NOT NULL DEFAULT 'pending',   -- pending | settled
  signature        TEXT,
  last_error       TEXT,
  created_at       INTEGER NOT NULL,
  settled_at       INTEGER
);

CREATE TABLE views (
  id          INTEGER PRIMARY KEY,
  project_id  INTEGER NOT NULL REFERENCES projects (id),
  embed       TEXT NOT NULL,
  nonce       TEXT NOT NULL UNIQUE REFERENCES play_nonces (nonce),
  ip          TEXT NOT NULL,
  counted_at  INTEGER NOT NULL,
  batch_id    INTEGER REFERENCES settlement_batches (id)
);
CREATE INDEX views_ip ON views (ip, counted_at);
CREATE INDEX views_unbatched ON views (project_id) WHERE batch_id IS NULL;
CREATE INDEX play_nonces_ip ON play_nonces (ip, issued_at);
