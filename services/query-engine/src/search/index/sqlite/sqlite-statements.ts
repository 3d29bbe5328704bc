import type { Database as Db, Statement } from 'better-sqlite3';

/** Prepared statements by SQL text, prepared once each (the oldest forgotten beyond `size`). */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly size = 200,
  ) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= this.size) this.statements.delete(this.statements.keys().next().value as string);
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
