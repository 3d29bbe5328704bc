import type { Logger } from '@docket/observability';
import type { ConnectorRecord, HttpClient, SourceConnector } from '.';
import type { IngestService } from '../documents';
import type { IngestFile } from '../domain/ingest-item';
import type { ConnectorCursorRepository } from '../store/connector-cursor.repository';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';

/**
 * One incremental pass of a remote connector: read everything after the stored cursor, fetch each
 * record's file (PDF, else full text), ingest it, and move the cursor after every record, so a pass
 * killed midway resumes after the last record it finished; re-ingesting that one is a no-op.
 */
export class ConnectorRunService {
  constructor(
    private readonly deps: {
      ingest: IngestService;
      runs: IngestionRunRepository;
      cursors: ConnectorCursorRepository;
      http: HttpClient;
      logger: Logger;
    },
  ) {}

  async runOnce(connector: SourceConnector, sourceId: string, signal?: AbortSignal): Promise<string> {
    const { runs, cursors, logger } = this.deps;
    const run = await runs.start({ sourceId, connector: connector.id });
    try {
      const cursor = await cursors.get(connector.id, sourceId);
      for await (const { record, cursor: next } of connector.fetchSince(cursor, { signal })) {
        const outcome = await this.ingestRecord(record, run.id, signal);
        const error =
          outcome.outcome === 'failed'
            ? { item: record.sourceDocumentId, reason: outcome.reason ?? 'failed', message: outcome.message ?? '' }
            : undefined;
        await runs.recordItem(run.id, outcome.outcome, next, error);
        await cursors.set(connector.id, sourceId, next);
      }
      await runs.finish(run.id, 'succeeded');
    } catch (error) {
      const message = (error as Error).message;
      logger.warn({ err: error, connector: connector.id }, 'connector run failed');
      await runs.finish(run.id, signal?.aborted ? 'interrupted' : 'failed', {
        item: connector.id,
        reason: 'source_error',
        message,
      });
    }
    return run.id;
  }

  private async ingestRecord(record: ConnectorRecord, runId: string, signal?: AbortSignal) {
    const files: IngestFile[] = [];
    let pages: string[] | undefined;
    const url = record.pdfUrl ?? record.fullTextUrl;
    if (url) {
      const { bytes, contentType } = await this.deps.http.getBytes(url, signal);
      files.push({ fileName: fileNameOf(url, contentType), contentType, bytes });
    } else if (record.abstract) {
      pages = [record.abstract];
    }
    return this.deps.ingest.ingest({
      sourceId: record.sourceId,
      connector: 'api',
      sourceDocumentId: record.sourceDocumentId,
      sourceUrl: record.sourceUrl,
      runId,
      title: record.title,
      filingTypeNative: record.filingTypeNative,
      docketNumber: record.docketNumbers[0],
      parties: record.parties,
      filedAt: new Date(record.filedAt),
      filers: record.agencies,
      description: record.abstract,
      pages,
      files,
    });
  }
}

function fileNameOf(url: string, contentType: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'document');
  if (/\.[a-z0-9]{2,5}$/i.test(last)) return last;
  if (contentType.includes('pdf')) return `${last}.pdf`;
  if (contentType.includes('html')) return `${last}.html`;
  return `${last}.txt`;
}
