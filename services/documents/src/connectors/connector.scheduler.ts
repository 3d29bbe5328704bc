import type { Logger } from '@docket/observability';
import { CourtListenerConnector, FederalRegisterConnector, HttpClient, type SourceConnector } from '.';
import type { Config } from '../config';
import type { IngestService } from '../documents';
import type { ConnectorCursorRepository } from '../store/connector-cursor.repository';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';
import { ConnectorRunService } from './connector-run.service';

/** Runs each configured public-API connector now and then every CONNECTOR_INTERVAL_MS, one pass at a time. */
export class ConnectorScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly shutdown = new AbortController();
  private readonly connectors: Array<{ connector: SourceConnector; sourceId: string }> = [];
  private readonly service: ConnectorRunService;

  constructor(
    private readonly deps: {
      config: Config;
      ingest: IngestService;
      runs: IngestionRunRepository;
      cursors: ConnectorCursorRepository;
      logger: Logger;
    },
  ) {
    const { config } = deps;
    if (config.FEDERAL_REGISTER_URL) {
      this.connectors.push({
        sourceId: 'federal-register',
        connector: new FederalRegisterConnector({
          http: new HttpClient(),
          baseUrl: config.FEDERAL_REGISTER_URL,
          sourceId: 'federal-register',
        }),
      });
    }
    if (config.COURTLISTENER_URL) {
      const http = new HttpClient(
        config.COURTLISTENER_TOKEN ? { headers: { Authorization: `Token ${config.COURTLISTENER_TOKEN}` } } : {},
      );
      this.connectors.push({
        sourceId: 'courtlistener',
        connector: new CourtListenerConnector({ http, baseUrl: config.COURTLISTENER_URL, sourceId: 'courtlistener' }),
      });
    }
    this.service = new ConnectorRunService({
      ingest: deps.ingest,
      runs: deps.runs,
      cursors: deps.cursors,
      http: new HttpClient(),
      logger: deps.logger,
    });
  }

  start(): void {
    if (this.connectors.length === 0) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.shutdown.abort();
    await this.running;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runAll().finally(() => {
        if (!this.shutdown.signal.aborted) this.schedule(this.deps.config.CONNECTOR_INTERVAL_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async runAll(): Promise<void> {
    for (const { connector, sourceId } of this.connectors) {
      if (this.shutdown.signal.aborted) return;
      await this.service.runOnce(connector, sourceId, this.shutdown.signal);
    }
  }
}
