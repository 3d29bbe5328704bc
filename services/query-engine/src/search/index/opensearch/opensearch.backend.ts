import { randomBytes } from 'node:crypto';
import { Client, errors } from '@opensearch-project/opensearch';
import { InputError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { QueryNode } from '@docket/query-language';
import type { IndexedDocument } from '../../../domain/indexed-document';
import { decodeCursor, encodeCursor, searchFingerprint, type CursorPosition } from '../../../domain/search-cursor';
import type { QueryBudget } from '../query-budget';
import type {
  DayCount,
  IndexBuild,
  RankedDocument,
  SearchBackend,
  SearchQuery,
  SearchResult,
  UpsertOutcome,
} from '../search-backend';
import { withinBudget } from './opensearch-budget';
import {
  fromOpenSearchSource,
  tombstoneSource,
  toOpenSearchSource,
  type OpenSearchSource,
} from './opensearch-document';
import { facetAggregations, readFacets } from './opensearch-facets';
import { highlightRequest, HIT_SOURCE_FIELDS, toSearchHit, type RawHit } from './opensearch-hit';
import { INDEX_SCHEMA_VERSION, indexMappings, indexSettings } from './opensearch-index-settings';
import { compileMatch, compileSearch, questionScoring, type Dsl } from './opensearch-query';

export interface OpenSearchBackendOptions {
  /** OPENSEARCH_URL, e.g. http://127.0.0.1:9200 */
  url: string;
  /**
   * The alias searches and writes go through (OPENSEARCH_INDEX);
   * concrete indices are `<alias>-<version>-<time>-<random>`.
   */
  index: string;
  logger?: Logger;
  requestTimeoutMs?: number;
}

/** The three keyset orders, as in the SQLite backend: BM25 score, filed date newest first, oldest first. */
type Order = 'rank' | 'newest' | 'oldest';

interface OpenBuild {
  index: string;
  /**
   * Writes to the build go through an alias of its own with require_alias, so a write racing the
   * build's deletion fails instead of auto-creating an index of that name on a real cluster.
   */
  writeAlias: string;
  /** Ids written by live events since the build began; rows read from the source must not overwrite them. */
  touched: Set<string>;
}

const NOT_TOMBSTONE: Dsl = { term: { tombstone: true } };
const UPSERT_ATTEMPTS = 5;

/**
 * OpenSearch implementation of SearchBackend (the one for scale). Searches and live writes go
 * through an alias; a rebuild fills a fresh concrete index and swaps the alias to it atomically.
 *
 * Why no event is lost during a rebuild (the SQLite backend's rule, made safe for concurrent
 * requests): while a build is open every live upsert also goes to the build index and every live
 * removal leaves a tombstone there. Documents read from the source are written with op_type
 * `create`, which fails for an id an event already wrote, whichever request reaches the node first;
 * the ids seen by events are also skipped before sending (`touched`). Tombstones are deleted before
 * the swap, and searches exclude them anyway in case a removal races the swap.
 *
 * Visibility: writes do not wait for a refresh (that would cost up to a second per event); instead a
 * search or count after a write refreshes first, so this process reads its own writes, and the
 * node's 1 s refresh serves everyone else.
 *
 * A node that cannot be reached, times out or sheds load surfaces as UnavailableError (gRPC
 * UNAVAILABLE), so callers may retry; anything else it refuses is a plain error.
 */
export class OpenSearchBackend implements SearchBackend {
  private build: OpenBuild | undefined;
  private dirty = false;
  private reset = false;
  private created = false;

  private constructor(
    private readonly client: Client,
    readonly alias: string,
    private readonly logger: Logger | undefined,
  ) {}

  /** Connects and makes sure the alias exists with the current schema (creating an empty index if not). */
  static async open(options: OpenSearchBackendOptions): Promise<OpenSearchBackend> {
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(options.index)) {
      throw new Error(
        `the OpenSearch index name must be lower case letters, digits, '-', '_' or '.', got "${options.index}"`,
      );
    }
    const client = new Client({ node: options.url, requestTimeout: options.requestTimeoutMs ?? 30_000, maxRetries: 2 });
    const backend = new OpenSearchBackend(client, options.index, options.logger);
    try {
      await unavailableWhenDown(() => backend.ensureAlias());
    } catch (error) {
      await client.close();
      throw error;
    }
    return backend;
  }

  async upsert(document: IndexedDocument): Promise<UpsertOutcome> {
    return unavailableWhenDown(async () => {
      const source = toOpenSearchSource(document);
      const build = this.build;
      const outcome = await this.upsertLive(source, document.onlyIfNew);
      // An ingested event does not overwrite what an update of its document already wrote to the build.
      if (build && !(document.onlyIfNew && build.touched.has(document.id))) {
        build.touched.add(document.id);
        await this.writeToBuild(build, document.id, source as unknown as Record<string, unknown>);
      }
      this.dirty = true;
      return outcome;
    });
  }

  async remove(documentId: string): Promise<boolean> {
    return unavailableWhenDown(async () => {
      const build = this.build;
      const response = await this.client.delete({ index: this.alias, id: documentId }, { ignore: [404] });
      if (build) {
        build.touched.add(documentId);
        await this.writeToBuild(build, documentId, tombstoneSource(documentId));
      }
      this.dirty = true;
      return response.body.result === 'deleted';
    });
  }

  /** Whether opening found an index of an older schema and replaced it by an empty one (a re-index refills it). */
  get wasReset(): boolean {
    return this.reset;
  }

  /** Whether the alias did not exist and an empty index was created behind it (a new or lost cluster). */
  get wasCreated(): boolean {
    return this.created;
  }

  async search(query: SearchQuery, budget?: QueryBudget): Promise<SearchResult> {
    return unavailableWhenDown(() => this.runSearch(query, budget));
  }

  async rankForQuestion(
    words: string[],
    scope: QueryNode | null,
    k: number,
    budget?: QueryBudget,
  ): Promise<RankedDocument[]> {
    if (words.length === 0 || k <= 0) return [];
    return unavailableWhenDown(async () => {
      await this.refreshIfDirty();
      const body: Dsl = {
        size: k,
        _source: { includes: ['doc_id'] },
        query: {
          bool: {
            must: [questionScoring(words)],
            filter: scope ? [compileMatch(scope)] : [],
            must_not: [NOT_TOMBSTONE],
          },
        },
        sort: [{ _score: 'desc' }, { doc_id: 'asc' }],
      };
      const response = await withinBudget(budget, true, (options) =>
        this.client.search({ index: this.alias, body: body as never }, options),
      );
      const hits = (response.body as unknown as { hits: { hits: { _score: number; _source: { doc_id: string } }[] } })
        .hits.hits;
      return hits.map((hit) => ({ documentId: hit._source.doc_id, score: hit._score }));
    });
  }

  async fetch(documentIds: string[], budget?: QueryBudget): Promise<IndexedDocument[]> {
    return unavailableWhenDown(() => this.runFetch(documentIds, budget));
  }

  /** A daily date histogram over the matches' filing dates (UTC days; empty days left out). */
  async countByDay(query: QueryNode, budget?: QueryBudget): Promise<DayCount[]> {
    return unavailableWhenDown(async () => {
      await this.refreshIfDirty();
      const body: Dsl = {
        size: 0,
        track_total_hits: false,
        query: {
          bool: { filter: [compileMatch(query), { exists: { field: 'filed_at' } }], must_not: [NOT_TOMBSTONE] },
        },
        aggs: {
          days: { date_histogram: { field: 'filed_at', calendar_interval: '1d', time_zone: 'UTC', min_doc_count: 1 } },
        },
      };
      const response = await withinBudget(budget, true, (options) =>
        this.client.search({ index: this.alias, body: body as never }, options),
      );
      const buckets = (
        response.body as unknown as { aggregations: { days: { buckets: { key: number; doc_count: number }[] } } }
      ).aggregations.days.buckets;
      return buckets.map((bucket) => ({
        day: new Date(bucket.key).toISOString().slice(0, 10),
        count: bucket.doc_count,
      }));
    });
  }

  async count(): Promise<number> {
    return unavailableWhenDown(async () => {
      await this.refreshIfDirty();
      const response = await this.client.count({
        index: this.alias,
        body: { query: { bool: { must_not: [NOT_TOMBSTONE] } } },
      });
      return response.body.count;
    });
  }

  private async runSearch(query: SearchQuery, budget: QueryBudget | undefined): Promise<SearchResult> {
    const compiled = compileSearch(query.query);
    const fingerprint = searchFingerprint(query.query, query.sort);
    // Relevance without any positive word has no score to order by: newest first, score 0 (as SQLite).
    const order: Order =
      query.sort === 'filed_newest'
        ? 'newest'
        : query.sort === 'filed_oldest'
          ? 'oldest'
          : compiled.scoring.length > 0
            ? 'rank'
            : 'newest';
    const after = query.cursor ? searchAfterOf(decodeCursor(query.cursor, fingerprint), order) : undefined;
    await this.refreshIfDirty();
    const body: Dsl = {
      size: query.limit + 1,
      track_total_hits: true,
      query: {
        bool: {
          filter: [compiled.filter],
          must_not: [NOT_TOMBSTONE],
          ...(order === 'rank' ? { should: compiled.scoring } : {}),
        },
      },
      sort: sortOf(order),
      ...(after ? { search_after: after } : {}),
      _source: { includes: HIT_SOURCE_FIELDS },
      highlight: highlightRequest(compiled.highlight),
      ...(query.facets ? { aggs: facetAggregations() } : {}),
    };
    const response = await withinBudget(budget, true, (options) =>
      this.client.search({ index: this.alias, body: body as never }, options),
    );
    const result = response.body as unknown as {
      hits: { total: { value: number; relation: 'eq' | 'gte' }; hits: RawHit[] };
      aggregations?: Record<string, unknown>;
    };
    const rows = result.hits.hits;
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      hits: page.map((hit) => toSearchHit(hit, query.query, order === 'rank')),
      total: result.hits.total.value,
      // track_total_hits: true counts every match (OpenSearch counts fast), so this stays 'eq'.
      totalIsLowerBound: result.hits.total.relation === 'gte',
      facets: query.facets ? readFacets(result.aggregations) : [],
      // Aggregations count every match, however many.
      ...(query.facets ? { facetsCounted: result.hits.total.value } : {}),
      nextCursor:
        rows.length > query.limit && last?.sort ? encodeCursor(fingerprint, { order, values: last.sort }) : undefined,
    };
  }

  private async runFetch(documentIds: string[], budget: QueryBudget | undefined): Promise<IndexedDocument[]> {
    if (documentIds.length === 0) return [];
    // The text lives in a stored field, outside _source (see opensearch-index-settings).
    const response = await withinBudget(budget, false, (options) =>
      this.client.mget(
        { index: this.alias, stored_fields: ['text'], _source: true, body: { ids: documentIds } },
        options,
      ),
    );
    const docs = (
      response.body as unknown as {
        docs: { found?: boolean; _source?: OpenSearchSource; fields?: { text?: string[] } }[];
      }
    ).docs;
    return docs.flatMap((doc) =>
      doc.found && doc._source && !doc._source.tombstone
        ? [fromOpenSearchSource(doc._source, doc.fields?.text?.[0] ?? '')]
        : [],
    );
  }

  async beginBuild(): Promise<IndexBuild> {
    // A build left by a crashed or failed attempt (ours or an earlier process's) is useless: start afresh.
    this.build = undefined;
    const index = this.newIndexName();
    const build: OpenBuild = { index, writeAlias: `${index}-writes`, touched: new Set() };
    await unavailableWhenDown(async () => {
      await this.deleteIndicesOutsideAlias();
      await this.createIndex(index, { bulk: true, alias: build.writeAlias });
    });
    this.build = build;
    const assertOpen = () => {
      if (this.build !== build) throw new Error('this index build was aborted or replaced');
    };
    return {
      addFromSource: async (documents) => {
        assertOpen();
        return unavailableWhenDown(() => this.addToBuild(build, documents));
      },
      commit: async () => {
        assertOpen();
        await unavailableWhenDown(() => this.swapIn(build));
      },
      abort: async () => {
        if (this.build !== build) return;
        this.build = undefined;
        await unavailableWhenDown(() => this.client.indices.delete({ index: build.index }, { ignore: [404] }));
      },
    };
  }

  async close(): Promise<void> {
    if (this.build) {
      const { index } = this.build;
      this.build = undefined;
      await this.client.indices.delete({ index }, { ignore: [404] }).catch(() => undefined);
    }
    await this.client.close();
  }

  /** Deletes the alias and every index this backend made for it (tests and benches clean up with this). */
  async dropEverything(): Promise<void> {
    this.build = undefined;
    for (const index of await this.ownIndices()) await this.client.indices.delete({ index }, { ignore: [404] });
  }

  private async upsertLive(source: OpenSearchSource, onlyIfNew = false): Promise<UpsertOutcome> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.client.get(
        { index: this.alias, id: source.doc_id, _source_includes: ['fingerprint', 'tombstone'] },
        { ignore: [404] },
      );
      const found = current.body.found === true ? current.body : undefined;
      const existing = found?._source as Partial<OpenSearchSource> | undefined;
      const present = found !== undefined && existing?.tombstone !== true;
      if (present && (onlyIfNew || existing?.fingerprint === source.fingerprint)) return 'unchanged';
      try {
        // Optimistic concurrency: the write applies only to the version we compared against.
        await this.client.index({
          index: this.alias,
          id: source.doc_id,
          body: source as unknown as Record<string, unknown>,
          ...(found ? { if_seq_no: found._seq_no, if_primary_term: found._primary_term } : { op_type: 'create' }),
        });
        return present ? 'updated' : 'inserted';
      } catch (error) {
        if (!isConflict(error) || attempt >= UPSERT_ATTEMPTS) throw error;
      }
    }
  }

  private async addToBuild(build: OpenBuild, documents: IndexedDocument[]): Promise<number> {
    const fresh = documents.filter((document) => !build.touched.has(document.id));
    if (fresh.length === 0) return 0;
    const operations: unknown[] = [];
    for (const document of fresh)
      operations.push({ create: { _index: build.writeAlias, _id: document.id } }, toOpenSearchSource(document));
    const response = await this.client.bulk({ body: operations as never, require_alias: true });
    const items = (
      response.body as unknown as {
        items: { create?: { status: number; error?: { type: string; reason?: string } } }[];
      }
    ).items;
    let written = 0;
    for (const item of items) {
      const status = item.create?.status ?? 0;
      if (status >= 200 && status < 300) written += 1;
      // 409: an event wrote this id (or left its tombstone) first; that state is newer.
      else if (status !== 409)
        throw new Error(
          `indexing into ${build.index} failed: ` +
            `${item.create?.error?.type ?? status}: ${item.create?.error?.reason ?? ''}`,
        );
    }
    return written;
  }

  private async swapIn(build: OpenBuild): Promise<void> {
    await this.client.indices.putSettings({
      index: build.index,
      body: { index: { refresh_interval: '1s', translog: { durability: 'request' } } },
    });
    await this.client.indices.refresh({ index: build.index });
    await this.deleteTombstones(build.index);
    const previous = await this.indicesBehindAlias();
    await this.client.indices.updateAliases({
      body: {
        actions: [
          ...previous.map((index) => ({ remove: { index, alias: this.alias } })),
          { add: { index: build.index, alias: this.alias } },
          { remove: { index: build.index, alias: build.writeAlias } },
        ],
      },
    });
    this.build = undefined;
    // A removal that raced the swap may have left a tombstone; searches skip it, this clears it.
    await this.client.indices.refresh({ index: build.index });
    await this.deleteTombstones(build.index);
    for (const index of previous) await this.client.indices.delete({ index }, { ignore: [404] });
    this.dirty = true;
  }

  /** A live event's write into the open build; lost without harm when the build ended meanwhile. */
  private async writeToBuild(build: OpenBuild, id: string, body: Record<string, unknown>): Promise<void> {
    try {
      await this.client.index({ index: build.writeAlias, id, body, require_alias: true });
    } catch (error) {
      if (this.build === build) throw error;
    }
  }

  private async deleteTombstones(index: string): Promise<void> {
    await this.client.deleteByQuery({ index, body: { query: NOT_TOMBSTONE }, refresh: true, conflicts: 'proceed' });
  }

  private async refreshIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    await this.client.indices.refresh({ index: this.alias });
  }

  private async ensureAlias(): Promise<void> {
    let indices = await this.indicesBehindAlias();
    if (indices.length === 0) {
      const named = await this.client.indices.exists({ index: this.alias });
      if (named.body !== true) {
        // Several instances may start at once on a new cluster: the same name makes them create one
        // index, the alias with it; the others find it there.
        this.created = await this.createIndexOnce(this.firstIndexName(0), this.alias);
        return;
      }
      // The name answers to an alias too: another instance may have made it since the look above.
      indices = await this.indicesBehindAlias();
      if (indices.length === 0) {
        throw new Error(
          `OpenSearch has an index named "${this.alias}" (not an alias); ` +
            `set OPENSEARCH_INDEX to another name or delete that index`,
        );
      }
    }
    const mappings = await this.client.indices.getMapping({ index: this.alias });
    const versions = Object.values(
      mappings.body as Record<string, { mappings?: { _meta?: { schema_version?: number } } }>,
    ).map((entry) => entry.mappings?._meta?.schema_version ?? 0);
    const version = versions[0] ?? 0;
    if (version === INDEX_SCHEMA_VERSION) return;
    if (version > INDEX_SCHEMA_VERSION) {
      throw new Error(
        `the OpenSearch index "${this.alias}" has schema version ${version}, ` +
          `newer than this code's ${INDEX_SCHEMA_VERSION}; run the newer query-engine`,
      );
    }
    // Derived data: replace it by an empty index of the current schema; only a re-index refills it.
    // Instances upgrading at once agree on the name; the one whose swap fails finds the other's done.
    const index = this.firstIndexName(version + 1);
    await this.createIndexOnce(index);
    try {
      await this.client.indices.updateAliases({
        body: {
          actions: [
            ...indices.map((old) => ({ remove: { index: old, alias: this.alias } })),
            { add: { index, alias: this.alias } },
          ],
        },
      });
    } catch (error) {
      const now = await this.indicesBehindAlias();
      if (now.length !== 1 || now[0] !== index) throw error;
    }
    for (const old of indices) await this.client.indices.delete({ index: old }, { ignore: [404] });
    this.reset = true;
    this.logger?.warn(
      { index: this.alias, fromVersion: version, toVersion: INDEX_SCHEMA_VERSION },
      'the OpenSearch index had an older schema and was replaced by an EMPTY index: ' +
        'searches find nothing until a re-index refills it from the documents service',
    );
  }

  private async createIndex(index: string, options: { bulk: boolean; alias?: string }): Promise<void> {
    await this.client.indices.create({
      index,
      body: {
        settings: indexSettings({ bulk: options.bulk }),
        mappings: indexMappings(),
        ...(options.alias ? { aliases: { [options.alias]: {} } } : {}),
      } as never,
    });
  }

  /** Creates `index` (with `alias`) unless it exists already; true when this call created it. */
  private async createIndexOnce(index: string, alias?: string): Promise<boolean> {
    try {
      await this.createIndex(index, { bulk: false, ...(alias ? { alias } : {}) });
      return true;
    } catch (error) {
      if (error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception')
        return false;
      throw error;
    }
  }

  private async indicesBehindAlias(): Promise<string[]> {
    const response = await this.client.indices.getAlias({ name: this.alias }, { ignore: [404] });
    if (response.statusCode === 404) return [];
    return Object.keys(response.body as Record<string, unknown>);
  }

  private async deleteIndicesOutsideAlias(): Promise<void> {
    const live = new Set(await this.indicesBehindAlias());
    for (const index of await this.ownIndices())
      if (!live.has(index)) await this.client.indices.delete({ index }, { ignore: [404] });
  }

  /** Concrete indices named by newIndexName for this alias (and no other alias that merely starts the same). */
  private async ownIndices(): Promise<string[]> {
    const response = await this.client.cat.indices(
      { index: `${this.alias}-v*`, format: 'json', expand_wildcards: 'all' },
      { ignore: [404] },
    );
    if (response.statusCode === 404) return [];
    const names = (response.body as unknown as { index: string }[]).map((row) => row.index);
    const own = new RegExp(`^${this.alias.replace(/[.]/g, '\\.')}-v\\d+-\\d+-[0-9a-f]{6}$`);
    return names.filter((name) => own.test(name));
  }

  /**
   * The index a new alias starts with (generation 0), or an upgrade from schema version n (n + 1):
   * the same name in every instance, where newIndexName has the time.
   */
  private firstIndexName(generation: number): string {
    return `${this.alias}-v${INDEX_SCHEMA_VERSION}-${generation}-000000`;
  }

  private newIndexName(): string {
    return `${this.alias}-v${INDEX_SCHEMA_VERSION}-${Date.now()}-${randomBytes(3).toString('hex')}`;
  }
}

function sortOf(order: Order): Dsl[] {
  switch (order) {
    case 'rank':
      return [{ _score: 'desc' }, { sort_newest: 'desc' }, { doc_id: 'asc' }];
    case 'newest':
      return [{ sort_newest: 'desc' }, { doc_id: 'asc' }];
    case 'oldest':
      return [{ sort_oldest: 'asc' }, { doc_id: 'asc' }];
  }
}

/** The cursor's search_after values, checked against the order this search runs in. */
function searchAfterOf(position: CursorPosition, order: Order): (string | number)[] {
  const expected = order === 'rank' ? ['number', 'number', 'string'] : ['number', 'string'];
  const values = position.values;
  if (
    position.order !== order ||
    values.length !== expected.length ||
    values.some((value, index) => typeof value !== expected[index])
  ) {
    throw new InputError('the cursor is not valid', [
      { path: 'cursor', message: 'is malformed; use next_cursor from a previous response as it was' },
    ]);
  }
  return values as (string | number)[];
}

function isConflict(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.statusCode === 409;
}

/** Connection failures, timeouts and load shedding (429, 502-504) become UnavailableError. */
async function unavailableWhenDown<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isUnavailable(error)) {
      throw new UnavailableError(
        `OpenSearch is unavailable: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    throw error;
  }
}

function isUnavailable(error: unknown): boolean {
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  )
    return true;
  return error instanceof errors.ResponseError && [429, 502, 503, 504].includes(error.statusCode);
}
