import type { Writable } from 'node:stream';
import { UnavailableError } from '@docket/errors';
import {
  slugOf,
  type ExportOptions,
  type ExportProgress,
  type ExportRecord,
  type ExportSource,
} from '../domain/export';
import type { ExportSources, QueryView, RequestView } from '../domain/export-sources';
import {
  analysisDocx,
  analysisHtml,
  CsvRowsWriter,
  documentsCsv,
  escapeHtml,
  figureCsv,
  figurePng,
  JsonlRowsWriter,
  numbersCsv,
  rowColumns,
  rowOf,
  writeOrWait,
  XlsxRowsWriter,
  ZipWriter,
  type RowsWriter,
} from '../files';

export interface RunnerDeps {
  sources: ExportSources;
  /** The document's page in the app, for every row and footnote. */
  documentLink: (documentId: string) => string;
  maxRows: number;
  /** Rows per XLSX sheet (Excel's limit; smaller in tests). */
  rowsPerSheet?: number | undefined;
  /** Hits per streamed batch. */
  batchSize?: number | undefined;
}

export interface RunContext {
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}

type SearchSource = ExportSource & { kind: 'search' };

/** Hits per streamed batch: large enough that round trips do not dominate, small enough to hold. */
const DEFAULT_BATCH = 2_000;

/**
 * Writes one export's file into `out`, streaming from the other services batch by batch: each batch
 * is written (waiting while the file is full) before the next is asked for, so memory holds one
 * batch whatever the export's size. Ends `out`; throws when `signal` aborts (cancel, shutdown).
 */
export class ExportRunner {
  constructor(private readonly deps: RunnerDeps) {}

  async write(record: ExportRecord, out: Writable, context: RunContext): Promise<ExportProgress> {
    const source = record.source;
    if (source.kind === 'search') return this.writeSearch(record, source, out, context);
    if (source.kind === 'query') return this.writeQuery(record, source.queryId, out, context);
    return this.writeWorkspace(record, out, context);
  }

  private async writeSearch(
    record: ExportRecord,
    source: SearchSource,
    out: Writable,
    context: RunContext,
  ): Promise<ExportProgress> {
    const columns = rowColumns(record.options.includeFullText);
    const progress: ExportProgress = { unit: 'rows', done: 0, total: 0 };
    if (record.format === 'zip') {
      const zip = await ZipWriter.create(out);
      await this.searchIntoZip(zip, '', record, source, context, progress);
      await zip.finish();
      return progress;
    }
    const writer: RowsWriter =
      record.format === 'xlsx'
        ? await XlsxRowsWriter.create(out, columns, this.deps.rowsPerSheet)
        : record.format === 'jsonl'
          ? new JsonlRowsWriter(out)
          : new CsvRowsWriter(out, columns);
    await this.writeRows(writer, record, source, context, progress);
    await writer.end();
    return progress;
  }

  /** results.csv, then (when asked) every document's original files under files/<document id>/. */
  private async searchIntoZip(
    zip: ZipWriter,
    folder: string,
    record: ExportRecord,
    source: SearchSource,
    context: RunContext,
    progress: ExportProgress,
  ): Promise<void> {
    await zip.addStream(`${folder}results.csv`, async (entry) => {
      const writer = new CsvRowsWriter(entry, rowColumns(record.options.includeFullText));
      await this.writeRows(writer, record, source, context, progress);
      await writer.end();
    });
    if (record.options.includeOriginalFiles) await this.writeFiles(zip, folder, record, source, context, progress);
  }

  private async writeRows(
    writer: RowsWriter,
    record: ExportRecord,
    source: SearchSource,
    context: RunContext,
    progress: ExportProgress,
  ): Promise<void> {
    const { sources, documentLink } = this.deps;
    const start = progress.done;
    for await (const batch of sources.searchHits(this.searchSpec(record, source), context.signal)) {
      throwIfAborted(context.signal);
      if (batch.total > 0) progress.total = start + Math.min(batch.total, this.deps.maxRows);
      const texts = record.options.includeFullText
        ? await this.textsOf(
            batch.hits.map((h) => h.documentId),
            context.signal,
          )
        : undefined;
      for (const hit of batch.hits) {
        await writer.write(rowOf(hit, documentLink, texts ? (texts.get(hit.documentId) ?? '') : undefined));
      }
      progress.done += batch.hits.length;
      // A search whose count stopped at the index's limit has more than it said: the total follows.
      if (progress.done > progress.total) progress.total = progress.done;
      context.onProgress({ ...progress });
    }
  }

  /** Second pass over the same search: the documents' files, one at a time into the ZIP. */
  private async writeFiles(
    zip: ZipWriter,
    folder: string,
    record: ExportRecord,
    source: SearchSource,
    context: RunContext,
    progress: ExportProgress,
  ): Promise<void> {
    const { sources } = this.deps;
    for await (const batch of sources.searchHits(this.searchSpec(record, source), context.signal)) {
      for await (const document of sources.documents(
        batch.hits.map((h) => h.documentId),
        false,
        context.signal,
      )) {
        const used = new Set<string>();
        for (const file of document.files) {
          throwIfAborted(context.signal);
          const name = uniqueName(safeFileName(file.fileName || file.attachmentId), used);
          const content = await sources.openFile(document.documentId, file.attachmentId, context.signal);
          await zip.add(`${folder}files/${document.documentId}/${name}`, content, {
            store: isCompressed(file.contentType),
          });
        }
      }
    }
    context.onProgress({ ...progress });
  }

  private async textsOf(ids: string[], signal: AbortSignal): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for await (const document of this.deps.sources.documents(ids, true, signal))
      texts.set(document.documentId, document.text);
    return texts;
  }

  private searchSpec(record: ExportRecord, source: SearchSource) {
    return {
      text: source.text,
      filters: source.filters,
      sort: source.sort,
      userId: record.userId,
      workspaceId: record.workspaceId,
      cursor: '',
      maxHits: this.deps.maxRows,
      batchSize: this.deps.batchSize ?? DEFAULT_BATCH,
    };
  }

  private async writeQuery(
    record: ExportRecord,
    queryId: string,
    out: Writable,
    context: RunContext,
  ): Promise<ExportProgress> {
    const query = await this.deps.sources.query(record.userId, queryId);
    throwIfAborted(context.signal);
    const { documentLink } = this.deps;
    const progress: ExportProgress = { unit: 'parts', done: 0, total: 1 };
    switch (record.format) {
      case 'docx':
        await endWith(out, await analysisDocx(query, documentLink));
        break;
      case 'html':
        await endWith(out, analysisHtml(query, documentLink));
        break;
      case 'csv':
        await endWith(out, documentsCsv(query, documentLink));
        break;
      default: {
        const zip = await ZipWriter.create(out);
        await this.queryIntoZip(zip, '', query);
        await zip.finish();
      }
    }
    progress.done = 1;
    context.onProgress({ ...progress });
    return progress;
  }

  private async queryIntoZip(zip: ZipWriter, folder: string, query: QueryView): Promise<void> {
    const { documentLink } = this.deps;
    await zip.add(`${folder}analysis.docx`, await analysisDocx(query, documentLink));
    await zip.add(`${folder}analysis.html`, analysisHtml(query, documentLink));
    await zip.add(`${folder}documents.csv`, documentsCsv(query, documentLink));
    for (const figure of query.figures) {
      if (figure.buckets.length === 0) continue;
      await zip.add(`${folder}figures/${figure.name}.csv`, figureCsv(figure));
      await zip.add(`${folder}figures/${figure.name}.png`, await figurePng(figure));
    }
    if (query.numbers.length > 0) await zip.add(`${folder}figures/numbers.csv`, numbersCsv(query, documentLink));
  }

  /** index.html, then one folder per request of the log (oldest first), as that request exports on its own. */
  private async writeWorkspace(record: ExportRecord, out: Writable, context: RunContext): Promise<ExportProgress> {
    const { sources } = this.deps;
    const workspace = await sources.workspace(record.userId, record.workspaceId);
    const requests: RequestView[] = [];
    for await (const request of sources.requests(record.userId, record.workspaceId)) requests.push(request);
    const folders = requests.map(
      (request, index) =>
        `${String(index + 1).padStart(3, '0')}-${request.source.kind}-${slugOf(request.source.text) || 'request'}/`,
    );
    const progress: ExportProgress = { unit: 'parts', done: 0, total: requests.length };
    context.onProgress({ ...progress });

    const zip = await ZipWriter.create(out);
    await zip.add('index.html', workspaceIndex(workspace.name, requests, folders, record.options));
    for (const [index, request] of requests.entries()) {
      throwIfAborted(context.signal);
      const folder = folders[index]!;
      const source = request.source;
      if (source.kind === 'search') {
        const rows: ExportProgress = { unit: 'rows', done: 0, total: 0 };
        await this.searchIntoZip(
          zip,
          folder,
          record,
          source,
          { signal: context.signal, onProgress: () => context.onProgress({ ...progress }) },
          rows,
        );
      } else {
        await this.queryIntoZip(zip, folder, await sources.query(record.userId, source.queryId));
      }
      progress.done++;
      context.onProgress({ ...progress });
    }
    await zip.finish();
    return progress;
  }
}

function workspaceIndex(name: string, requests: RequestView[], folders: string[], options: ExportOptions): string {
  const items = requests
    .map((request, index) => {
      const folder = folders[index]!;
      const when = request.createdAt ? request.createdAt.toISOString().slice(0, 16).replace('T', ' ') : '';
      const files =
        request.source.kind === 'search'
          ? [
              `<a href="${folder}results.csv">results.csv</a>`,
              ...(options.includeOriginalFiles ? [`<a href="${folder}files/">files/</a>`] : []),
            ]
          : ['analysis.html', 'analysis.docx', 'documents.csv'].map((file) => `<a href="${folder}${file}">${file}</a>`);
      const kind = request.source.kind === 'search' ? 'Search' : 'Question';
      return (
        `<li><strong>${kind}</strong> “${escapeHtml(request.source.text)}” ` +
        `<small>${escapeHtml(when)} · ${request.resultCount} results</small><br>${files.join(' · ')}</li>`
      );
    })
    .join('\n');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}' +
      'li{margin:.6rem 0}</style></head>',
    `<body><h1>${escapeHtml(name)}</h1><p>${requests.length} requests, oldest first. ` +
      `Each folder holds that request's export.</p>`,
    '<ol>',
    items,
    '</ol></body></html>',
    '',
  ].join('\n');
}

async function endWith(out: Writable, content: Buffer | string): Promise<void> {
  await writeOrWait(out, content);
  out.end();
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new UnavailableError('export stopped');
}

/** Formats whose bytes are already compressed: deflating them again costs CPU and saves nothing. */
function isCompressed(contentType: string): boolean {
  return /^(application\/(pdf|zip|gzip|x-7z|vnd\.openxmlformats|epub)|image\/(png|jpeg|gif|webp)|audio\/|video\/)/.test(
    contentType,
  );
}

/** A file name safe inside a ZIP on any system: no folders, no control or reserved characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .map((c) => (c.charCodeAt(0) < 0x20 || '<>:"|?*'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .slice(0, 150);
  return clean || 'file';
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = name.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
  used.add(candidate);
  return candidate;
}
