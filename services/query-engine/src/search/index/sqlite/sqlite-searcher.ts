import type { Database as Db, Statement } from 'better-sqlite3';
import { InputError } from '@docket/errors';
import type { QueryNode } from '@docket/query-language';
import { partyNamesOf, type SearchHit } from '../../../domain/indexed-document';
import { decodeCursor, encodeCursor, searchFingerprint } from '../../../domain/search-cursor';
import {
  FACET_BUCKETS,
  FACET_FIELDS,
  type DayCount,
  type Facet,
  type FacetBucket,
  type FacetField,
  type RankedDocument,
  type SearchQuery,
  type SearchResult,
} from '../search-backend';
import { escapeHtml } from '../snippet-html';
import { excerptHtml, highlightTitle } from '../title-highlight';
import type { FacetColumns } from './facet-columns';
import { decompressText } from './index-text';
import { DEFAULT_IDF_LIMITS, SearchIdfs, type IdfLimits } from './sqlite-idf';
import { compileQuery, type CompiledQuery, type SqlParam } from './sqlite-query.compiler';
import { QUESTION_CANDIDATE_BUDGET, SqliteQuestionRanker } from './sqlite-question-ranker';
import { DATED_BASE, DAY_SLOTS, isoDayOfRowid, LAST_ROWID } from './sqlite-rowids';
import { LENGTH_COLUMNS, RANK_WEIGHTS } from './sqlite-schema';
import { StatementCache } from './sqlite-statements';

/** Limits that keep one search's work bounded on a large index (tests make them small). */
export interface SearchTuning {
  /**
   * Relevance is exact BM25 over at most this many text matches at a time: when more match, they are
   * ranked in tiers of this many, newest first (BM25 order inside a tier). BM25 costs about 1.3 µs a
   * row ranked, so an exact order over half a million matches would cost two thirds of a second; a
   * tier of 10,000 about 13 ms.
   */
  rankTier: number;
  /**
   * A search counts at most this many matches: when more match, the total says "10,000+" (as
   * Elasticsearch does by default) and the facets count the newest this many. Counting all the
   * matches of a word found in most of a million filings reads its whole document list (tens to
   * hundreds of ms), and the matches counted are read into JavaScript for the facets and the first
   * rank tier.
   */
  countLimit: number;
  /** A question's BM25 work limit (see QUESTION_CANDIDATE_BUDGET). */
  questionBudget: number;
  /** How the IDFs of a search's phrases are estimated (see SearchIdfs). */
  idf: IdfLimits;
}

/** The newest tier is ranked from the matches a search reads (see rankedPage), so it must fit in them. */
export function checkTuning(tuning: SearchTuning): SearchTuning {
  if (tuning.rankTier > tuning.countLimit)
    throw new Error(`rankTier (${tuning.rankTier}) must not exceed countLimit (${tuning.countLimit})`);
  return tuning;
}

export const DEFAULT_TUNING: SearchTuning = {
  rankTier: 10_000,
  countLimit: 10_000,
  questionBudget: QUESTION_CANDIDATE_BUDGET,
  idf: DEFAULT_IDF_LIMITS,
};
const SNIPPET_WORDS = 24;
/** Without matched text to show, the hit shows the start of its description or text. */
const LEAD_CHARACTERS = 240;

type Order = 'rank' | 'newest' | 'oldest';

/**
 * How the candidates are found: `text` (FTS5 yields the matches of words and field filters in rowid
 * order, intersecting them; what is left in `where` filters them) or `scan` (nothing positive for
 * FTS5: the documents table by primary key).
 */
type Plan = 'scan' | 'text';

interface Source {
  sql: string;
  params: SqlParam[];
  /** The rowid column of the driving table, for ordering and ranges. */
  rowid: string;
}

interface PageRow {
  r: number;
  k: number;
}

/** [rowid, rank] (rank 0 when not ranked), newest first. */
type Match = [number, number];

/** A rank tier: the text matches with rowids in [first, last], ranked together. */
interface Tier {
  first: number;
  last: number;
}

interface DisplayRow {
  id: string;
  source_id: string;
  filed_at: number | null;
  title: string;
  description: string;
  source_name: string;
  docket_number: string;
  filing_type: string;
  filing_category: string;
  parties: string;
  filers: string;
  text_z: Buffer;
}

/**
 * Runs searches against one index file. A search is: the total (counted up to countLimit; the newest
 * matches read, with their BM25 when ranked, when the facets or the first rank tier need them), the
 * facets if asked (counted in memory, see FacetColumns), the page's rowids in keyset order (lean: no
 * snippets, so ordering many matches stays cheap), then display fields and snippets for those few rows.
 *
 * Rowids encode the filing day (sqlite-rowids.ts), so date orders are rowid orders, which FTS5 and the
 * primary key walk without sorting; relevance without any words to rank lists newest first (score 0).
 */
export class SqliteSearcher {
  private readonly statements: StatementCache;

  private readonly tuning: SearchTuning;
  private readonly questions: SqliteQuestionRanker;
  private readonly idfs: SearchIdfs;
  private readonly stemIdfs: SearchIdfs;

  constructor(
    db: Db,
    private readonly facetColumns: FacetColumns,
    tuning: Partial<SearchTuning> = {},
  ) {
    this.tuning = checkTuning({ ...DEFAULT_TUNING, ...tuning });
    this.statements = new StatementCache(db);
    this.idfs = new SearchIdfs(db, 'documents_fts', this.tuning.idf);
    this.stemIdfs = new SearchIdfs(db, 'documents_stems', this.tuning.idf);
    this.questions = new SqliteQuestionRanker(db, this.tuning.questionBudget, this.stemIdfs);
  }

  search(query: SearchQuery): SearchResult {
    const compiled = compileQuery(query.query);
    const fingerprint = searchFingerprint(query.query, query.sort);
    const order: Order =
      query.sort === 'filed_newest'
        ? 'newest'
        : query.sort === 'filed_oldest'
          ? 'oldest'
          : compiled.ranked
            ? 'rank'
            : 'newest';
    const after = query.cursor ? cursorValues(decodeCursor(query.cursor, fingerprint), order) : undefined;
    if (compiled.never) {
      return {
        hits: [],
        total: 0,
        totalIsLowerBound: false,
        facets: query.facets ? emptyFacets() : [],
        ...(query.facets ? { facetsCounted: 0 } : {}),
      };
    }

    const plan: Plan = compiled.match === null ? 'scan' : 'text';
    // One pass over the matches counts them, reading the newest when the facets or the first rank tier need them.
    const firstRankedPage = order === 'rank' && !after;
    const newest = query.facets || firstRankedPage ? this.newestMatches(compiled, plan, firstRankedPage) : undefined;
    const counted = newest ? newest.length : this.count(compiled, plan);
    const total = Math.min(counted, this.tuning.countLimit);
    newest?.splice(total);
    const facets = query.facets ? this.facets(newest ?? []) : [];
    const { rows, next } =
      total === 0
        ? { rows: [], next: undefined }
        : order === 'rank'
          ? this.rankedPage(compiled, query.limit, after, newest)
          : this.page(compiled, plan, order, query.limit, after);
    return {
      hits: rows.map((row) => this.hit(row, order, compiled, query)),
      total,
      totalIsLowerBound: counted > this.tuning.countLimit,
      facets,
      ...(query.facets ? { facetsCounted: total } : {}),
      nextCursor: next ? encodeCursor(fingerprint, { order, values: next }) : undefined,
    };
  }

  /**
   * Matches per filing day: one statement that walks the matches (a `filed` range in the query
   * bounds it to those days' rowids) and groups them by day, which the rowid encodes.
   */
  countByDay(query: QueryNode): DayCount[] {
    const compiled = compileQuery(query);
    if (compiled.never) return [];
    const source = this.source(compiled, compiled.match === null ? 'scan' : 'text', [
      { sql: '$rowid >= CAST(? AS INTEGER)', params: [DATED_BASE] },
    ]);
    const rows = this.prepare(
      `SELECT min(${source.rowid}), count(*) ${source.sql} ` +
        `GROUP BY (${source.rowid} - ${DATED_BASE}) / ${DAY_SLOTS} ORDER BY 1`,
    )
      .raw()
      .all(...source.params) as [number, number][];
    return rows.map(([rowid, count]) => ({ day: isoDayOfRowid(rowid), count }));
  }

  /** Documents were written: IDFs counted exactly (on a small index) are counted again. */
  indexChanged(): void {
    this.idfs.indexChanged();
    this.stemIdfs.indexChanged();
  }

  /** A question's words, ranked in the stems table within the scope's rowids (see SqliteQuestionRanker). */
  rankForQuestion(words: string[], scope: QueryNode | null, k: number): RankedDocument[] {
    if (!scope) return this.questions.rank(words, null, k);
    const compiled = compileQuery(scope);
    if (compiled.never) return [];
    if (compiled.match === null && compiled.where === '1')
      return this.questions.rank(words, { rowids: compiled.rowids, select: null }, k);
    const source = this.source(compiled, compiled.match === null ? 'scan' : 'text');
    return this.questions.rank(
      words,
      { rowids: compiled.rowids, select: { sql: `SELECT ${source.rowid} ${source.sql}`, params: source.params } },
      k,
    );
  }

  /** `FROM … WHERE …` for a plan, with extra conditions on the driving rowid. */
  private source(compiled: CompiledQuery, plan: Plan, extra: { sql: string; params: SqlParam[] }[] = []): Source {
    const rowid = plan === 'text' ? 'f.rowid' : 'd.rowid';
    const conditions: string[] = [];
    const params: SqlParam[] = [];
    const add = (sql: string, values: SqlParam[]) => {
      conditions.push(sql);
      params.push(...values);
    };
    let from: string;
    if (plan === 'scan') {
      from = 'FROM documents AS d';
      add(compiled.where, compiled.params);
    } else {
      // CROSS JOIN keeps FTS5 as the outer loop: it yields the candidates, the conditions filter them.
      from =
        compiled.where === '1'
          ? 'FROM documents_fts AS f'
          : 'FROM documents_fts AS f CROSS JOIN documents AS d ON d.rowid = f.rowid';
      add('documents_fts MATCH ?', [compiled.match as string]);
      if (compiled.where !== '1') add(compiled.where, compiled.params);
    }
    // Rowids are bound as integers: better-sqlite3 binds numbers as REAL, and FTS5 ignores a rowid
    // constraint that is not an INTEGER (it would return every match).
    if (compiled.rowids) add(`${rowid} BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)`, compiled.rowids);
    for (const condition of extra) add(condition.sql.replaceAll('$rowid', rowid), condition.params);
    return { sql: `${from} WHERE ${conditions.filter((c) => c !== '1').join(' AND ') || '1'}`, params, rowid };
  }

  /** How many match, up to one more than countLimit (which says there are more). */
  private count(compiled: CompiledQuery, plan: Plan): number {
    const { sql, params } = this.source(compiled, plan);
    return this.prepare(`SELECT count(*) FROM (SELECT 1 ${sql} LIMIT ?)`)
      .pluck()
      .get(...params, this.tuning.countLimit + 1) as number;
  }

  /**
   * The newest matches, up to one more than countLimit (which says there are more), with their BM25
   * when `ranked`: read once, for the facets and the first rank tier alike.
   */
  private newestMatches(compiled: CompiledQuery, plan: Plan, ranked: boolean): Match[] {
    const conditions = ranked ? [{ sql: 'f.rank MATCH ?', params: [this.rankFunction(compiled)] }] : [];
    const source = this.source(compiled, plan, conditions);
    return this.prepare(
      `SELECT ${source.rowid}, ${ranked ? 'f.rank' : '0'} ${source.sql} ORDER BY ${source.rowid} DESC LIMIT ?`,
    )
      .raw()
      .all(...source.params, this.tuning.countLimit + 1) as Match[];
  }

  /** BM25 with this search's IDFs (see SearchIdfs), as FTS5's rank function. */
  private rankFunction(compiled: CompiledQuery): string {
    return `bm25_given_idf(${this.idfs.of(compiled.match as string).join(', ')}, ${RANK_WEIGHTS}, ${LENGTH_COLUMNS})`;
  }

  /** A page in date order. */
  private page(
    compiled: CompiledQuery,
    plan: Plan,
    order: Order,
    limit: number,
    after: number[] | undefined,
  ): { rows: PageRow[]; next?: number[] } {
    // Date orders walk FTS5 (or the primary key) in rowid order and stop as soon as a page is full.
    const run = (conditions: { sql: string; params: SqlParam[] }[], direction: 'ASC' | 'DESC', count: number) => {
      const source = this.source(compiled, plan, conditions);
      return this.prepare(
        `SELECT ${source.rowid} AS r, ${source.rowid} AS k ${source.sql} ORDER BY ${source.rowid} ${direction} LIMIT ?`,
      ).all(...source.params, count) as PageRow[];
    };
    let rows: PageRow[];
    if (order === 'newest') {
      // Dated documents newest first, then the undated (their rowids are below every dated one).
      rows = run(
        after ? [{ sql: '$rowid < CAST(? AS INTEGER)', params: [after[0] as number] }] : [],
        'DESC',
        limit + 1,
      );
    } else {
      // Oldest first: the dated documents, then the undated ones.
      const position = after?.[0] ?? 0;
      rows = [];
      if (position === 0 || position >= DATED_BASE) {
        rows = run(
          [
            {
              sql: '$rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)',
              params: [Math.max(DATED_BASE, position + 1), LAST_ROWID],
            },
          ],
          'ASC',
          limit + 1,
        );
      }
      if (rows.length <= limit) {
        const undatedFrom = position >= DATED_BASE || position === 0 ? 1 : position + 1;
        rows.push(
          ...run(
            [
              {
                sql: '$rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)',
                params: [undatedFrom, DATED_BASE - 1],
              },
            ],
            'ASC',
            limit + 1 - rows.length,
          ),
        );
      }
    }
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { rows: page, next: rows.length > limit && last ? [last.r] : undefined };
  }

  /**
   * BM25 order, tier by tier (rankTier text matches each, newest first). The cursor holds the tier
   * and the last row's (rank, rowid), so the next page continues in the same tier, then the next one.
   * The first page's tier is ranked from the newest matches already read (with their BM25), sparing
   * a second evaluation of the query.
   */
  private rankedPage(
    compiled: CompiledQuery,
    limit: number,
    after: number[] | undefined,
    newest: Match[] | undefined,
  ): { rows: PageRow[]; next?: number[] } {
    const lowest = compiled.rowids?.[0] ?? 1;
    const rows: (PageRow & { tier: Tier })[] = [];
    let tier: Tier;
    let keyset: number[] | undefined;
    if (after) {
      tier = { first: after[0] as number, last: after[1] as number };
      keyset = [after[2] as number, after[3] as number];
    } else {
      const inTier = (newest ?? []).slice(0, this.tuning.rankTier);
      tier = { first: inTier.length === this.tuning.rankTier ? (inTier.at(-1) as Match)[0] : lowest, last: LAST_ROWID };
      rows.push(...best(inTier, limit + 1).map(([r, k]) => ({ r, k, tier })));
      if (rows.length <= limit && tier.first > lowest) tier = this.tierBelow(compiled, tier.first - 1);
      else return pageOf(rows, limit);
    }
    const rank = this.rankFunction(compiled);
    for (;;) {
      const conditions = [
        { sql: 'f.rank MATCH ?', params: [rank] },
        { sql: '$rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)', params: [tier.first, tier.last] },
      ];
      if (keyset) conditions.push({ sql: '(f.rank, f.rowid) > (?, CAST(? AS INTEGER))', params: keyset });
      const source = this.source(compiled, 'text', conditions);
      const found = this.prepare(`SELECT f.rowid AS r, f.rank AS k ${source.sql} ORDER BY f.rank, f.rowid LIMIT ?`).all(
        ...source.params,
        limit + 1 - rows.length,
      ) as PageRow[];
      rows.push(...found.map((row) => ({ ...row, tier })));
      if (rows.length > limit || tier.first <= lowest) break;
      tier = this.tierBelow(compiled, tier.first - 1);
      keyset = undefined;
    }
    return pageOf(rows, limit);
  }

  /** The tier ending at rowid `last`: down to the rankTier-th newest text match, or to the start. */
  private tierBelow(compiled: CompiledQuery, last: number): Tier {
    const lowest = compiled.rowids?.[0] ?? 1;
    const source = this.source({ ...compiled, where: '1', params: [] }, 'text', [
      { sql: '$rowid <= CAST(? AS INTEGER)', params: [last] },
    ]);
    const first = this.prepare(
      `SELECT f.rowid ${source.sql} ORDER BY f.rowid DESC LIMIT 1 OFFSET ${this.tuning.rankTier - 1}`,
    )
      .pluck()
      .get(...source.params) as number | undefined;
    return { first: first ?? lowest, last };
  }

  private hit(row: PageRow, order: Order, compiled: CompiledQuery, query: SearchQuery): SearchHit {
    const display = this.prepare(
      `SELECT d.id, d.source_id, d.filed_at, b.title, b.description, b.source_name, b.docket_number,
        b.filing_type, b.filing_category, b.parties, b.filers, b.text_z
      FROM documents AS d JOIN document_bodies AS b ON b.rowid = d.rowid WHERE d.rowid = ?`,
    ).get(row.r) as DisplayRow;
    return {
      documentId: display.id,
      title: display.title,
      titleHtml: highlightTitle(display.title, query.query),
      snippet: snippetOf(display, query),
      score: order === 'rank' ? -row.k : 0, // bm25() is "lower is better"; callers expect higher is better
      filedAt: display.filed_at === null ? undefined : new Date(display.filed_at),
      sourceId: display.source_id,
      sourceName: display.source_name,
      docketNumber: display.docket_number,
      filingType: display.filing_type,
      filingCategory: display.filing_category,
      parties: partyNamesOf({
        parties: JSON.parse(display.parties) as string[],
        filers: JSON.parse(display.filers) as string[],
      }),
    };
  }

  /** The facets of these matches, counted in memory, with their labels. */
  private facets(matches: Match[]): Facet[] {
    const counts = this.facetColumns.count(
      matches.map(([rowid]) => rowid),
      FACET_BUCKETS,
    );
    const labels = this.prepare('SELECT label FROM facet_labels WHERE facet = ? AND key = ?').pluck();
    const label = (facet: string, key: string) => (labels.get(facet, key) as string | undefined) ?? key;
    const partyKey = this.prepare('SELECT key FROM party_keys WHERE id = ?').pluck();
    const buckets: Record<FacetField, FacetBucket[]> = {
      agency: counts.agency.map(({ value, count }) => bucket(value, label('agency', value), count)),
      filing_type: counts.filingType.map(({ value, count }) => bucket(value, value, count)),
      docket: counts.docket.map(({ value, count }) => {
        const number = label('docket', value);
        return bucket(number, number, count);
      }),
      year: counts.year.map(({ value, count }) => bucket(String(value), String(value), count)),
      party: counts.party.map(({ value, count }) => {
        const name = label('party', (partyKey.get(value) as string | undefined) ?? '');
        return bucket(name, name, count);
      }),
    };
    return FACET_FIELDS.map((field) => ({ field, buckets: buckets[field] }));
  }

  private prepare(sql: string): Statement {
    return this.statements.get(sql);
  }
}

/**
 * The text's best passage for the query's words; else the description's, else the title's; else
 * (filters alone, or words only in a phrase's other field) the start of the description or text.
 */
function snippetOf(display: DisplayRow, query: SearchQuery): string {
  const text = decompressText(display.text_z);
  return (
    excerptHtml(text, query.query, SNIPPET_WORDS) ??
    excerptHtml(display.description, query.query, SNIPPET_WORDS) ??
    excerptHtml(display.title, query.query, SNIPPET_WORDS) ??
    lead(display.description.trim() || text)
  );
}

/** The start of a text, as a snippet when no word of the query occurs in it. */
function lead(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= LEAD_CHARACTERS) return escapeHtml(flat);
  const cut = flat.lastIndexOf(' ', LEAD_CHARACTERS);
  return `${escapeHtml(flat.slice(0, cut > LEAD_CHARACTERS / 2 ? cut : LEAD_CHARACTERS))}…`;
}

/** The `size` best-ranked matches (lowest BM25 value first, then lowest rowid), in that order. */
function best(matches: Match[], size: number): Match[] {
  const byRank = (a: Match, b: Match) => a[1] - b[1] || a[0] - b[0];
  const kept: Match[] = [];
  for (const match of matches) {
    const worst = kept.at(-1);
    if (kept.length === size && worst && byRank(match, worst) >= 0) continue;
    let at = kept.length;
    while (at > 0 && byRank(match, kept[at - 1] as Match) < 0) at -= 1;
    kept.splice(at, 0, match);
    if (kept.length > size) kept.pop();
  }
  return kept;
}

/** The first `limit` rows, and the cursor position of the last one when more follow. */
function pageOf(rows: (PageRow & { tier: Tier })[], limit: number): { rows: PageRow[]; next?: number[] } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? [last.tier.first, last.tier.last, last.k, last.r] : undefined,
  };
}

function bucket(value: string, label: string, count: number): FacetBucket {
  return { value, label, count };
}

function emptyFacets(): Facet[] {
  return FACET_FIELDS.map((field) => ({ field, buckets: [] }));
}

/** The cursor's position, checked against the order this search runs in. */
function cursorValues(position: { order: string; values: (string | number | null)[] }, order: Order): number[] {
  const size = order === 'rank' ? 4 : 1;
  const values = position.values;
  const integers = order === 'rank' ? [0, 1, 3] : [0];
  if (
    position.order !== order ||
    values.length !== size ||
    !values.every((value) => typeof value === 'number') ||
    !integers.every((index) => Number.isSafeInteger(values[index]))
  ) {
    throw new InputError('the cursor is not valid', [
      { path: 'cursor', message: 'is malformed; use next_cursor from a previous response as it was' },
    ]);
  }
  return values as number[];
}
