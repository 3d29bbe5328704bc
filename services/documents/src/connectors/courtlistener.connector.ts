import { z } from 'zod';
import { InputError } from '@docket/errors';
import type { ConnectorItem, ConnectorParty, ConnectorRecord, FetchOptions, SourceConnector } from './connector';
import { withTrailingSlash } from './federal-register.connector';
import type { HttpClient } from './http-client';

// Only the fields we read are checked; looseObject keeps the rest for `raw`.
const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ next: z.string().nullish(), results: z.array(item) });

const docketSchema = z.looseObject({
  id: z.number().int(),
  case_name: z.string().nullish(),
  docket_number: z.string().nullish(),
  court_id: z.string().nullish(),
  date_filed: z.string().nullish(),
  date_modified: z.string().min(1),
  absolute_url: z.string(),
});
type Docket = z.infer<typeof docketSchema>;

const entrySchema = z.looseObject({
  id: z.number().int(),
  entry_number: z.number().int().nullish(),
  date_filed: z.string().nullish(),
  description: z.string().nullish(),
  recap_documents: z
    .array(
      z.looseObject({
        id: z.number().int(),
        description: z.string().nullish(),
        filepath_local: z.string().nullish(),
        page_count: z.number().int().nullish(),
      }),
    )
    .optional()
    .default([]),
});
type Entry = z.infer<typeof entrySchema>;

const partySchema = z.looseObject({
  name: z.string(),
  party_types: z
    .array(z.looseObject({ name: z.string() }))
    .optional()
    .default([]),
});

const opinionSchema = z.looseObject({
  id: z.number().int(),
  cluster: z.string(),
  type: z.string(),
  plain_text: z.string().nullish(),
  download_url: z.string().nullish(),
  date_created: z.string(),
  date_modified: z.string().min(1),
  absolute_url: z.string().nullish(),
});
type Opinion = z.infer<typeof opinionSchema>;

const clusterSchema = z.looseObject({
  id: z.number().int(),
  case_name: z.string().nullish(),
  date_filed: z.string().nullish(),
  docket: z.string(),
  absolute_url: z.string().nullish(),
});

const docketList = listOf(docketSchema);
const entryList = listOf(entrySchema);
const partyList = listOf(partySchema);
const opinionList = listOf(opinionSchema);

export interface CourtListenerConnectorOptions {
  http: HttpClient;
  /** e.g. https://www.courtlistener.com (no trailing /api/rest/v4). The HttpClient carries the token header. */
  baseUrl: string;
  /** Where recap_documents.filepath_local is served from. */
  storageBaseUrl?: string;
  sourceId?: string;
  /** Lower bound for date_modified when there is no cursor yet (ISO timestamp); unset = everything. */
  initialSince?: string;
  /** Extra filters for the dockets list, e.g. { court: 'dcd' }. */
  docketFilters?: Record<string, string>;
  includeOpinions?: boolean;
}

interface Position {
  modified: string;
  id: number;
}
/** Position in both streams; `entry` = last docket entry yielded from docket `dockets.id`. */
interface ClCursor {
  dockets?: Position & { entry?: number };
  opinions?: Position;
}

const positionSchema = z.object({ modified: z.string().min(1), id: z.number().int() });
const cursorSchema = z.object({
  dockets: positionSchema.extend({ entry: z.number().int().optional() }).optional(),
  opinions: positionSchema.optional(),
});

export function decodeCourtListenerCursor(cursor: string): ClCursor {
  let json: unknown;
  try {
    json = JSON.parse(cursor);
  } catch {
    throw new InputError('invalid CourtListener cursor', [{ path: 'cursor', message: 'not JSON' }]);
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) {
    throw new InputError(
      'invalid CourtListener cursor',
      parsed.error.issues.map((i) => ({ path: ['cursor', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/** Timestamps are compared as instants; ids break ties. */
function isAfter(item: Position, pos: Position | undefined): boolean {
  if (!pos) return true;
  const a = Date.parse(item.modified);
  const b = Date.parse(pos.modified);
  return a > b || (a === b && item.id > pos.id);
}

/**
 * CourtListener REST v4: dockets modified since the cursor (one record per docket entry, with the
 * docket's parties), then opinions modified since the cursor (one record each). Lists are ordered by
 * date_modified; items sharing a timestamp are buffered and sorted by id so the cursor is exact.
 */
export class CourtListenerConnector implements SourceConnector {
  readonly id: string;
  private readonly api: string;
  private readonly storage: string;

  constructor(private readonly options: CourtListenerConnectorOptions) {
    this.id = options.sourceId ?? 'courtlistener';
    this.api = new URL('api/rest/v4/', withTrailingSlash(options.baseUrl)).toString();
    this.storage = withTrailingSlash(options.storageBaseUrl ?? 'https://storage.courtlistener.com/');
  }

  async *fetchSince(cursor: string | undefined, options: FetchOptions = {}): AsyncGenerator<ConnectorItem> {
    const state: ClCursor = cursor ? decodeCourtListenerCursor(cursor) : {};
    const pageSize = options.pageSize ?? 100;
    const { signal } = options;
    const since = (pos: Position | undefined): string | undefined => pos?.modified ?? this.options.initialSince;

    const docketsUrl = this.listUrl('dockets/', pageSize, {
      ...this.options.docketFilters,
      ...optional('date_modified__gte', since(state.dockets)),
      order_by: 'date_modified',
    });
    for await (const docket of this.ordered(docketsUrl, docketList, signal, (d) => ({
      modified: d.date_modified,
      id: d.id,
    }))) {
      const resumeInside =
        state.dockets &&
        Date.parse(state.dockets.modified) === Date.parse(docket.date_modified) &&
        state.dockets.id === docket.id;
      if (!resumeInside && !isAfter({ modified: docket.date_modified, id: docket.id }, state.dockets)) continue;
      const skipUpTo = resumeInside ? (state.dockets?.entry ?? Number.POSITIVE_INFINITY) : undefined;
      let parties: ConnectorParty[] | undefined;
      for await (const entry of this.pages(
        this.listUrl('docket-entries/', pageSize, { docket: String(docket.id), order_by: 'id' }),
        entryList,
        signal,
      )) {
        if (skipUpTo !== undefined && entry.id <= skipUpTo) continue;
        parties ??= await this.parties(docket.id, pageSize, signal);
        state.dockets = { modified: docket.date_modified, id: docket.id, entry: entry.id };
        yield { record: this.entryRecord(docket, entry, parties), cursor: JSON.stringify(state) };
      }
    }

    if (this.options.includeOpinions === false) return;
    const opinionsUrl = this.listUrl('opinions/', pageSize, {
      ...optional('date_modified__gte', since(state.opinions)),
      order_by: 'date_modified',
    });
    const dockets = new Map<string, Docket>();
    for await (const opinion of this.ordered(opinionsUrl, opinionList, signal, (o) => ({
      modified: o.date_modified,
      id: o.id,
    }))) {
      if (!isAfter({ modified: opinion.date_modified, id: opinion.id }, state.opinions)) continue;
      const cluster = await this.options.http.getJson(
        new URL(opinion.cluster, this.api).toString(),
        clusterSchema,
        signal,
      );
      const docketUrl = new URL(cluster.docket, this.api).toString();
      let docket = dockets.get(docketUrl);
      if (!docket) {
        docket = await this.options.http.getJson(docketUrl, docketSchema, signal);
        dockets.clear(); // keep one: opinions of a docket tend to come together
        dockets.set(docketUrl, docket);
      }
      state.opinions = { modified: opinion.date_modified, id: opinion.id };
      yield { record: this.opinionRecord(opinion, cluster, docket), cursor: JSON.stringify(state) };
    }
  }

  private async parties(docketId: number, pageSize: number, signal?: AbortSignal): Promise<ConnectorParty[]> {
    const parties: ConnectorParty[] = [];
    for await (const p of this.pages(
      this.listUrl('parties/', pageSize, { docket: String(docketId) }),
      partyList,
      signal,
    )) {
      const roles = p.party_types.map((t) => t.name);
      parties.push({ name: p.name, role: roles.length > 0 ? roles.join(', ') : 'party' });
    }
    return parties;
  }

  private entryRecord(docket: Docket, entry: Entry, parties: ConnectorParty[]): ConnectorRecord {
    const main = entry.recap_documents[0];
    const description = entry.description?.trim() || main?.description?.trim() || '';
    const caseName = docket.case_name?.trim() || `Docket ${docket.docket_number ?? docket.id}`;
    const entryLabel = entry.entry_number != null ? `#${entry.entry_number}` : `entry ${entry.id}`;
    return {
      sourceId: this.id,
      sourceDocumentId: `docket-entry:${entry.id}`,
      sourceUrl: new URL(docket.absolute_url, this.api).toString(),
      title: `${caseName} — ${entryLabel}${description ? `: ${truncate(description, 160)}` : ''}`,
      filingTypeNative: 'Docket Entry',
      docketNumbers: docket.docket_number ? [docket.docket_number] : [],
      agencies: docket.court_id ? [docket.court_id] : [],
      parties,
      filedAt: entry.date_filed ?? docket.date_filed ?? docket.date_modified,
      ...(description ? { abstract: description } : {}),
      ...(main?.filepath_local ? { pdfUrl: new URL(main.filepath_local, this.storage).toString() } : {}),
      raw: { docket, entry },
    };
  }

  private opinionRecord(opinion: Opinion, cluster: z.infer<typeof clusterSchema>, docket: Docket): ConnectorRecord {
    const pageUrl = opinion.absolute_url ?? cluster.absolute_url ?? docket.absolute_url;
    return {
      sourceId: this.id,
      sourceDocumentId: `opinion:${opinion.id}`,
      sourceUrl: new URL(pageUrl, this.api).toString(),
      title: cluster.case_name?.trim() || docket.case_name?.trim() || `Opinion ${opinion.id}`,
      filingTypeNative: `Opinion (${opinion.type})`,
      docketNumbers: docket.docket_number ? [docket.docket_number] : [],
      agencies: docket.court_id ? [docket.court_id] : [],
      filedAt: cluster.date_filed ?? opinion.date_created,
      ...(opinion.download_url ? { pdfUrl: opinion.download_url } : {}),
      raw: { opinion, cluster, docket },
    };
  }

  private listUrl(resource: string, pageSize: number, params: Record<string, string>): string {
    const url = new URL(resource, this.api);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('page_size', String(pageSize));
    return url.toString();
  }

  /** Every item of a cursor-paginated list, following `next`. */
  private async *pages<T>(
    first: string,
    schema: z.ZodType<{ next?: string | null; results: T[] }>,
    signal?: AbortSignal,
  ): AsyncGenerator<T> {
    let url: string | undefined = first;
    while (url) {
      const page: { next?: string | null; results: T[] } = await this.options.http.getJson(url, schema, signal);
      yield* page.results;
      url = page.next ? new URL(page.next, url).toString() : undefined;
    }
  }

  /** Like pages(), but items with the same date_modified come out sorted by id. */
  private async *ordered<T>(
    first: string,
    schema: z.ZodType<{ next?: string | null; results: T[] }>,
    signal: AbortSignal | undefined,
    key: (item: T) => Position,
  ): AsyncGenerator<T> {
    let group: T[] = [];
    const flush = (): T[] => {
      const out = group.sort((a, b) => key(a).id - key(b).id);
      group = [];
      return out;
    };
    for await (const item of this.pages(first, schema, signal)) {
      if (group.length > 0 && Date.parse(key(group[0]!).modified) !== Date.parse(key(item).modified)) yield* flush();
      group.push(item);
    }
    yield* flush();
  }
}

function optional(key: string, value: string | undefined): Record<string, string> {
  return value ? { [key]: value } : {};
}

function truncate(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
