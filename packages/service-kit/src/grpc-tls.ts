import { credentials, experimental, ServerCredentials, type ChannelCredentials } from '@grpc/grpc-js';
import type { GrpcTlsSettings } from '@docket/config';

/** PEM files: the CA peers are checked against, this process's certificate and its key. */
export interface GrpcTls {
  ca: string;
  cert: string;
  key: string;
}

/**
 * How often the files are read again: cert-manager renews certificates in place (the Secret's volume
 * changes under the process), and new connections then use the new ones without a restart.
 */
const REFRESH_MS = 5 * 60_000;

/** The TLS files of a validated config (grpcTlsIssues saw to it that they come together), or undefined: plaintext. */
export function grpcTlsOf(config: GrpcTlsSettings): GrpcTls | undefined {
  const { GRPC_TLS_CA: ca, GRPC_TLS_CERT: cert, GRPC_TLS_KEY: key } = config;
  return ca && cert && key ? { ca, cert, key } : undefined;
}

function provider(tls: GrpcTls): experimental.CertificateProvider {
  return new experimental.FileWatcherCertificateProvider({
    caCertificateFile: tls.ca,
    certificateFile: tls.cert,
    privateKeyFile: tls.key,
    refreshIntervalMs: REFRESH_MS,
  });
}

/**
 * A server's credentials: with TLS, mutual TLS, so a caller without a certificate signed by the CA is
 * refused during the handshake, before any method runs. Without, plaintext (loopback only, by config).
 */
export function grpcServerCredentials(tls: GrpcTls | undefined): ServerCredentials {
  if (!tls) return ServerCredentials.createInsecure();
  const files = provider(tls);
  return experimental.createCertificateProviderServerCredentials(files, files, true);
}

/**
 * A client's credentials: with TLS it presents its own certificate and accepts only a server whose
 * certificate the CA signed for the name it dialled (documents:50051 → `documents`). Share one per
 * process: each set watches its files.
 */
export function grpcChannelCredentials(tls: GrpcTls | undefined): ChannelCredentials {
  if (!tls) return credentials.createInsecure();
  const files = provider(tls);
  return experimental.createCertificateProviderChannelCredentials(files, files);
}
