import type { ChannelCredentials } from '@grpc/grpc-js';
import * as alertsV1 from '@docket/proto/src/alerts';
import * as documentsV1 from '@docket/proto/src/documents';
import * as exportsV1 from '@docket/proto/src/exports';
import * as processesV1 from '@docket/proto/src/processes';
import * as queriesV1 from '@docket/proto/src/queries';
import * as searchV1 from '@docket/proto/src/search';
import * as workspacesV1 from '@docket/proto/src/workspaces';
import { GRPC_CLIENT_OPTIONS } from '@docket/service-kit';

export interface GrpcClients {
  documents: documentsV1.DocumentsServiceClient;
  search: searchV1.SearchServiceClient;
  processes: processesV1.ProcessServiceClient;
  exports: exportsV1.ExportServiceClient;
  queries: queriesV1.QueryServiceClient;
  workspaces: workspacesV1.WorkspaceServiceClient;
  alerts: alertsV1.AlertServiceClient;
  close(): void;
}

/**
 * One channel per service; grpc-js reconnects by itself, so the BFF can start before the services.
 * `credentials`: the BFF's certificate for mutual TLS (service-kit's grpcChannelCredentials).
 */
export function createGrpcClients(
  targets: { documents: string; queryEngine: string; export: string; alerts: string },
  credentials: ChannelCredentials,
): GrpcClients {
  const documents = new documentsV1.DocumentsServiceClient(targets.documents, credentials, GRPC_CLIENT_OPTIONS);
  const search = new searchV1.SearchServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
  const processes = new processesV1.ProcessServiceClient(targets.export, credentials, GRPC_CLIENT_OPTIONS);
  const exports = new exportsV1.ExportServiceClient(targets.export, credentials, GRPC_CLIENT_OPTIONS);
  const queries = new queriesV1.QueryServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
  const workspaces = new workspacesV1.WorkspaceServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
  const alerts = new alertsV1.AlertServiceClient(targets.alerts, credentials, GRPC_CLIENT_OPTIONS);
  return {
    documents,
    search,
    processes,
    exports,
    queries,
    workspaces,
    alerts,
    close: () => [documents, search, processes, exports, queries, workspaces, alerts].forEach((c) => c.close()),
  };
}
