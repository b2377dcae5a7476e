// Kysely's introspection on PostgreSQL, limited to the connection's own schema (its search_path: the
// cluster's schema, connection.ts). Kysely's own lists every column of every schema in the database,
// calling pg_get_serial_sequence once per column, and its Migrator asks it at every start whether its
// two bookkeeping tables exist: a database holding many clusters' schemas paid for all of them at each
// start (the test suite's database, with hundreds of throwaway schemas, took seconds per migration).
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  comment: string | null;
  serial_sequence: string | null;
}

const KYSELY_TABLES = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly #db: Kysely<any>;
  readonly #everySchema: PostgresIntrospector;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(db: Kysely<any>) {
    this.#db = db;
    this.#everySchema = new PostgresIntrospector(db);
  }

  /** The schemas' names are one small catalog read: Kysely's is kept. */
  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#everySchema.getSchemas();
  }

  /** The tables and views of the current schema, each with its columns in order. */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS kind, ns.nspname AS schema, a.attname AS column,
             typ.typname AS type, typ_ns.nspname AS type_schema, a.attnotnull AS not_null, a.atthasdef AS has_default,
             col_description(a.attrelid, a.attnum) AS comment,
             pg_get_serial_sequence(format('%I.%I', ns.nspname, c.relname), a.attname) AS serial_sequence
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
      JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      JOIN pg_catalog.pg_namespace typ_ns ON typ_ns.oid = typ.typnamespace
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p') AND a.attnum >= 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.serial_sequence !== null,
        hasDefaultValue: row.has_default,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
