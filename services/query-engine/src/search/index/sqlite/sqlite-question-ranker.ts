import type { Database as Db } from 'better-sqlite3';
import type { RankedDocument } from '../search-backend';
import type { SearchIdfs } from './sqlite-idf';
import type { SqlParam } from './sqlite-query.compiler';
import { QUESTION_RANK_WEIGHTS } from './sqlite-schema';
import { StatementCache } from './sqlite-statements';

/**
 * The documents a workspace's filters let through: a rowid range (rowids encode the filing day, so a
 * date range is one), and unless the range says it all, a SELECT of their rowids.
 */
export interface QuestionScope {
  rowids: [number, number] | null;
  select: { sql: string; params: SqlParam[] } | null;
}

/**
 * BM25 work limit of one question: FTS5 scores every document its MATCH yields (it cannot stop early
 * the way a top-k engine does), a few µs each, so a question whose words fill most of a million
 * filings would take seconds. The question's rarest words are ORed while their document counts add
 * up to at most this many; commoner words (low IDF, little weight in BM25) are left out of the match.
 * A corpus smaller than this is always ranked exactly. When even the rarest word is in more
 * documents, its newest this many are ranked (as search ranks tiers).
 */
export const QUESTION_CANDIDATE_BUDGET = 100_000;

interface WordCount {
  word: string;
  documents: number;
}

/**
 * Ranks documents for a question's words in the stems table (see sqlite-schema.ts): FTS5's porter
 * tokenizer stems the words as it stemmed the documents. A scope (the workspace's filters) is first
 * written as rowids to a temporary table that the ranking joins, with the stems match driving. BM25
 * is bm25_given_idf() with the IDFs of the words' document counts, which the budget counts anyway
 * (the same scores as FTS5's bm25(), without it counting them again per question).
 */
export class SqliteQuestionRanker {
  private readonly statements: StatementCache;

  constructor(
    db: Db,
    private readonly budget: number,
    private readonly idfs: SearchIdfs,
  ) {
    db.exec('CREATE TEMP TABLE IF NOT EXISTS question_scope (r INTEGER PRIMARY KEY)');
    this.statements = new StatementCache(db);
  }

  rank(words: string[], scope: QuestionScope | null, k: number): RankedDocument[] {
    if (words.length === 0 || k <= 0) return [];
    const chosen = this.candidateWords(words);
    const match = chosen.map(({ word }) => phrase(word)).join(' OR ');
    const conditions = ['documents_stems MATCH ?'];
    const params: SqlParam[] = [match];
    if (scope?.rowids) {
      // Rowids are bound as integers: FTS5 ignores a rowid constraint that is not an INTEGER.
      conditions.push('documents_stems.rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)');
      params.push(...scope.rowids);
    }
    let join = '';
    if (scope?.select) {
      this.prepare('DELETE FROM temp.question_scope').run();
      this.prepare(`INSERT INTO temp.question_scope (r) ${scope.select.sql}`).run(...scope.select.params);
      // CROSS JOIN keeps the stems match as the outer loop; the scope is a primary-key probe per match.
      join = 'CROSS JOIN temp.question_scope AS q ON q.r = documents_stems.rowid';
    }
    const covered = chosen.reduce((sum, { documents }) => sum + documents, 0);
    if (covered > this.budget) {
      // Even the rarest word is too common to score every document holding it: its newest ones in scope.
      const floor = this.prepare(
        `SELECT documents_stems.rowid FROM documents_stems ${join} WHERE ${conditions.join(' AND ')}
        ORDER BY documents_stems.rowid DESC LIMIT 1 OFFSET ${this.budget - 1}`,
      )
        .pluck()
        .get(...params) as number | undefined;
      if (floor !== undefined) {
        conditions.push('documents_stems.rowid >= CAST(? AS INTEGER)');
        params.push(floor);
      }
    }
    const idfs = chosen.map(({ documents }) => this.idfs.exact(documents));
    const rank = `bm25_given_idf(documents_stems, ${idfs.map(() => '?').join(', ')}, ${QUESTION_RANK_WEIGHTS})`;
    const rows = this.prepare(
      `SELECT d.id AS id, ranked.k AS k FROM (
        SELECT documents_stems.rowid AS r, ${rank} AS k FROM documents_stems ${join}
        WHERE ${conditions.join(' AND ')} ORDER BY k LIMIT ?
      ) AS ranked CROSS JOIN documents AS d ON d.rowid = ranked.r ORDER BY ranked.k, ranked.r`,
    ).all(...idfs, ...params, k) as { id: string; k: number }[];
    // bm25() is "lower is better"; callers expect higher is better.
    return rows.map((row) => ({ documentId: row.id, score: -row.k }));
  }

  /** The rarest words whose document counts fit the budget together (at least the rarest one). */
  private candidateWords(words: string[]): WordCount[] {
    const counted = words.map((word) => ({ word, documents: this.idfs.documentsWith(phrase(word)) }));
    counted.sort((a, b) => a.documents - b.documents);
    const chosen: WordCount[] = [];
    let total = 0;
    for (const count of counted) {
      if (chosen.length > 0 && total + count.documents > this.budget) break;
      chosen.push(count);
      total += count.documents;
    }
    return chosen;
  }

  private prepare(sql: string) {
    return this.statements.get(sql);
  }
}

function phrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}
