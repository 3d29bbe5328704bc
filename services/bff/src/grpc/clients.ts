import type { ChannelCredentials } from '@grpc/grpc-js';
import {
  alertsV1,
  documentsV1,
  exportExportsV1,
  exportV1,
  queryEngineQueriesV1,
  queryEngineV1,
  queryEngineWorkspacesV1,
} from '@docket/proto';
import { GRPC_CLIENT_OPTIONS } from '@docket/service-kit';

export interface GrpcClients {
  documents: documentsV1.DocumentsServiceClient;
  search: queryEngineV1.SearchServiceClient;
  processes: exportV1.ProcessServiceClient;
  exports: exportExportsV1.ExportServiceClient;
  queries: queryEngineQueriesV1.QueryServiceClient;
  workspaces: queryEngineWorkspacesV1.WorkspaceServiceClient;
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
  const search = new queryEngineV1.SearchServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
  const processes = new exportV1.ProcessServiceClient(targets.export, credentials, GRPC_CLIENT_OPTIONS);
  const exports = new exportExportsV1.ExportServiceClient(targets.export, credentials, GRPC_CLIENT_OPTIONS);
  const queries = new queryEngineQueriesV1.QueryServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
  const workspaces = new queryEngineWorkspacesV1.WorkspaceServiceClient(
    targets.queryEngine,
    credentials,
    GRPC_CLIENT_OPTIONS,
  );
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
