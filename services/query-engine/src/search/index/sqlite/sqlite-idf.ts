import type { Database as Db } from 'better-sqlite3';
import { countedPhrase, MARK } from './fts-query';
import { StatementCache } from './sqlite-statements';

/** BM25's inverse document frequency as FTS5 computes it: ln((N − n + 0.5) / (n + 0.5)), at least 1e-6. */
export function inverseDocumentFrequency(documents: number, containing: number): number {
  const idf = Math.log((documents - containing + 0.5) / (containing + 0.5));
  return Number.isFinite(idf) && idf > 0 ? idf : 1e-6;
}

/** The phrases of an FTS5 MATCH expression as this index writes them (quoted, maybe ` *`), in order. */
export function phrasesOf(match: string): string[] {
  return match.match(/"(?:[^"]|"")*"(?: \*)?/gu) ?? [];
}

export interface IdfLimits {
  /** Phrases are counted in the newest this many documents (the sample); the whole index when it holds fewer. */
  sampleDocuments: number;
  /** A phrase in fewer sampled documents than this is rare: counted in the whole index instead (cheap). */
  rareBelow: number;
}

export const DEFAULT_IDF_LIMITS: IdfLimits = { sampleDocuments: 50_000, rareBelow: 100 };
/** IDFs and the index's size are remembered this long: the index grows, an IDF barely moves. */
const CACHE_TTL_MS = 60_000;
const CACHE_SIZE = 10_000;

interface Sample {
  documents: number;
  /** The lowest rowid of the sample, or null when the sample is the whole index. */
  floor: number | null;
  sampled: number;
}

/**
 * The IDF of each phrase of a search, for bm25_given_idf() (rank-extension.ts): FTS5's bm25() would
 * read every phrase's whole document list per query to count it, 50 ms for a word in most of a
 * million filings. Here a phrase is counted in a sample of the newest documents, and only a phrase
 * rare there is counted in the whole index; both are cached. On an index smaller than the sample
 * every IDF is exact, the same as bm25()'s.
 */
export class SearchIdfs {
  private readonly statements: StatementCache;
  private readonly cache = new Map<string, number>();
  /** Documents holding a phrase, counted in the whole index. */
  private readonly counts = new Map<string, number>();
  private sample: Sample | undefined;
  private since = Date.now();

  constructor(
    db: Db,
    private readonly table: string,
    private readonly limits: IdfLimits = DEFAULT_IDF_LIMITS,
  ) {
    this.statements = new StatementCache(db);
  }

  /**
   * One IDF per phrase of `match`, in its order. Tags (field filters, names) weigh nothing: 0. A
   * phrase of several words is counted in documents with its pairs and in those whose pairs are
   * pending alike (countedPhrase), so both of a search's forms of it weigh the same.
   */
  of(match: string): number[] {
    this.expireCache();
    return phrasesOf(match).map((phrase) => {
      if (phrase.startsWith(`"${MARK}`)) return 0;
      const counted = countedPhrase(phrase);
      let idf = this.cache.get(counted);
      if (idf === undefined) {
        idf = this.estimate(counted);
        this.cache.set(counted, idf);
      }
      return idf;
    });
  }

  /**
   * Documents were written. On an index smaller than the sample every count is exact, so they are
   * forgotten; on a large one an IDF barely moves with a write and expires with the cache.
   */
  indexChanged(): void {
    if (this.isExact()) this.forget();
  }

  /** Whether every count is exact: the index is smaller than the sample (or not yet looked at). */
  isExact(): boolean {
    return !this.sample || this.sample.floor === null;
  }

  /** How many documents hold a phrase, counted in the whole index (remembered as the IDFs are). */
  documentsWith(phrase: string): number {
    this.expireCache();
    let documents = this.counts.get(phrase);
    if (documents === undefined) {
      documents = this.prepare(`SELECT count(*) FROM ${this.table} WHERE ${this.table} MATCH ?`)
        .pluck()
        .get(phrase) as number;
      this.counts.set(phrase, documents);
    }
    return documents;
  }

  /** The exact IDF of a phrase whose document count is known (questions count their words anyway). */
  exact(containing: number): number {
    this.expireCache();
    return inverseDocumentFrequency(this.currentSample().documents, containing);
  }

  private estimate(phrase: string): number {
    const sample = this.currentSample();
    if (sample.floor !== null) {
      const sampled = this.prepare(
        `SELECT count(*) FROM ${this.table} WHERE ${this.table} MATCH ? AND rowid >= CAST(? AS INTEGER)`,
      )
        .pluck()
        .get(phrase, sample.floor) as number;
      if (sampled >= this.limits.rareBelow) return inverseDocumentFrequency(sample.sampled, sampled);
    }
    return inverseDocumentFrequency(sample.documents, this.documentsWith(phrase));
  }

  private currentSample(): Sample {
    if (!this.sample) {
      const documents = this.prepare('SELECT count(*) FROM documents').pluck().get() as number;
      const floor =
        documents > this.limits.sampleDocuments
          ? (this.prepare('SELECT rowid FROM documents ORDER BY rowid DESC LIMIT 1 OFFSET ?')
              .pluck()
              .get(this.limits.sampleDocuments - 1) as number)
          : null;
      this.sample = { documents, floor, sampled: floor === null ? documents : this.limits.sampleDocuments };
    }
    return this.sample;
  }

  private expireCache(): void {
    if (Date.now() - this.since > CACHE_TTL_MS || this.cache.size + this.counts.size >= CACHE_SIZE) this.forget();
  }

  private forget(): void {
    this.cache.clear();
    this.counts.clear();
    this.sample = undefined;
    this.since = Date.now();
  }

  private prepare(sql: string) {
    return this.statements.get(sql);
  }
}
