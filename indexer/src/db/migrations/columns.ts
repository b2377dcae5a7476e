// Column spellings the two databases disagree on, for the migrations.
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Integers are bigint on PostgreSQL (lamports and millisecond times overflow int4); on SQLite every
 * integer is 64-bit anyway and "bigint" has INTEGER affinity.
 */
export const INT = 'bigint';

/**
 * A generated row id: SQLite's rowid alias must be spelled exactly "integer primary key";
 * PostgreSQL gets an identity column.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withId<T extends CreateTableBuilder<any, any>>(table: T, dialect: DialectName): T {
  return (
    dialect === 'sqlite'
      ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey())
      : table.addColumn('id', 'bigint', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
  ) as T;
}
