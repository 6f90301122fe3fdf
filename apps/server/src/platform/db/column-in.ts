import { sql, type SQL } from 'drizzle-orm';

/** The condition of a CHECK constraint: the text column holds one of `values` (an enum kept as text). */
export function columnIn(column: string, values: readonly string[]): SQL {
  return sql.raw(`"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`);
}
