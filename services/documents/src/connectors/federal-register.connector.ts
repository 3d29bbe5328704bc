import { z } from 'zod';
import { InputError } from '@docket/errors';
import type { ConnectorItem, ConnectorRecord, FetchOptions, SourceConnector } from './connector';
import type { HttpClient } from './http-client';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

// Only the fields we read are checked; looseObject keeps the rest for `raw`.
const documentSchema = z.looseObject({
  document_number: z.string().min(1),
  title: z.string(),
  type: z.string(),
  abstract: z.string().nullish(),
  publication_date: isoDate,
  agencies: z.array(
    z.looseObject({ name: z.string().nullish(), raw_name: z.string().nullish(), slug: z.string().nullish() }),
  ),
  docket_ids: z.array(z.string()).nullish(),
  html_url: z.string(),
  pdf_url: z.string().nullish(),
  full_text_xml_url: z.string().nullish(),
  body_html_url: z.string().nullish(),
});
type FrDocument = z.infer<typeof documentSchema>;

const pageSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  total_pages: z.number().int().nonnegative().optional(),
  next_page_url: z.string().nullish(),
  results: z.array(documentSchema).optional().default([]),
});

export const FEDERAL_REGISTER_FIELDS = [
  'document_number',
  'title',
  'type',
  'abstract',
  'publication_date',
  'agencies',
  'docket_ids',
  'html_url',
  'pdf_url',
  'full_text_xml_url',
  'body_html_url',
] as const;

export interface FederalRegisterConnectorOptions {
  http: HttpClient;
  /** e.g. https://www.federalregister.gov (no trailing /api/v1). */
  baseUrl: string;
  sourceId?: string;
  /** First publication date to read when there is no cursor yet. */
  initialSince?: string;
  /** Extra query conditions, e.g. { 'conditions[agencies][]': 'federal-energy-regulatory-commission' }. */
  conditions?: Record<string, string | string[]>;
}

interface FrCursor {
  date: string;
  documentNumber: string;
}

/** Cursor: `<publication_date>|<document_number>` of the last record yielded. */
export function encodeFederalRegisterCursor(c: FrCursor): string {
  return `${c.date}|${c.documentNumber}`;
}

export function decodeFederalRegisterCursor(cursor: string): FrCursor {
  const sep = cursor.indexOf('|');
  const date = cursor.slice(0, sep);
  const documentNumber = cursor.slice(sep + 1);
  if (sep < 0 || !isoDate.safeParse(date).success || !documentNumber) {
    throw new InputError('invalid Federal Register cursor', [
      { path: 'cursor', message: `expected "<YYYY-MM-DD>|<document_number>", got ${JSON.stringify(cursor)}` },
    ]);
  }
  return { date, documentNumber };
}

const compareDocNumbers = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Federal Register API v1, documents search ordered oldest first. The API orders by publication
 * date only, so records of one date are buffered and yielded in document_number order: that makes
 * (date, document_number) a total order and the cursor exact, even across a crash mid-date.
 */
export class FederalRegisterConnector implements SourceConnector {
  readonly id: string;

  constructor(private readonly options: FederalRegisterConnectorOptions) {
    this.id = options.sourceId ?? 'federal-register';
  }

  async *fetchSince(cursor: string | undefined, options: FetchOptions = {}): AsyncGenerator<ConnectorItem> {
    const after = cursor ? decodeFederalRegisterCursor(cursor) : undefined;
    const since = after?.date ?? this.options.initialSince ?? '1994-01-01';
    let url: string | undefined = this.firstPageUrl(since, options.pageSize ?? 100);
    let group: FrDocument[] = [];

    const flush = (): ConnectorItem[] => {
      const items = group
        .sort((a, b) => compareDocNumbers(a.document_number, b.document_number))
        .filter(
          (doc) =>
            !after ||
            doc.publication_date > after.date ||
            (doc.publication_date === after.date && compareDocNumbers(doc.document_number, after.documentNumber) > 0),
        )
        .map((doc) => ({
          record: this.toRecord(doc),
          cursor: encodeFederalRegisterCursor({ date: doc.publication_date, documentNumber: doc.document_number }),
        }));
      group = [];
      return items;
    };

    const seen = new Set<string>();
    while (url) {
      const page: z.infer<typeof pageSchema> = await this.options.http.getJson(url, pageSchema, options.signal);
      for (const doc of page.results) {
        // A document published between two page requests can shift pages: never yield it twice.
        if (seen.has(doc.document_number)) continue;
        seen.add(doc.document_number);
        if (group.length > 0 && group[0]!.publication_date !== doc.publication_date) yield* flush();
        group.push(doc);
      }
      url = page.next_page_url ? new URL(page.next_page_url, url).toString() : undefined;
    }
    yield* flush();
  }

  private firstPageUrl(since: string, pageSize: number): string {
    const url = new URL('api/v1/documents.json', withTrailingSlash(this.options.baseUrl));
    url.searchParams.set('conditions[publication_date][gte]', since);
    for (const [key, value] of Object.entries(this.options.conditions ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
    }
    url.searchParams.set('order', 'oldest');
    url.searchParams.set('per_page', String(pageSize));
    url.searchParams.set('page', '1');
    for (const field of FEDERAL_REGISTER_FIELDS) url.searchParams.append('fields[]', field);
    return url.toString();
  }

  private toRecord(doc: FrDocument): ConnectorRecord {
    return {
      sourceId: this.id,
      sourceDocumentId: doc.document_number,
      sourceUrl: doc.html_url,
      title: doc.title,
      filingTypeNative: doc.type,
      docketNumbers: (doc.docket_ids ?? []).map((d) => d.trim()).filter(Boolean),
      agencies: doc.agencies.map((a) => a.name ?? a.raw_name ?? '').filter(Boolean),
      filedAt: doc.publication_date,
      ...(doc.abstract ? { abstract: doc.abstract } : {}),
      ...(doc.body_html_url || doc.full_text_xml_url
        ? { fullTextUrl: (doc.body_html_url ?? doc.full_text_xml_url)! }
        : {}),
      ...(doc.pdf_url ? { pdfUrl: doc.pdf_url } : {}),
      raw: doc,
    };
  }
}

export function withTrailingSlash(baseUrl: string): string {
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}
