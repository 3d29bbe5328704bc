import fs from 'node:fs';
import path from 'node:path';
import { credentials, type ChannelCredentials } from '@grpc/grpc-js';
import type { GrpcTlsFiles } from '../grpc-certificates';

/** Client credentials presenting `files`' certificate (mutual TLS), or plaintext without files. */
export function clientCredentialsOf(files: GrpcTlsFiles | undefined): ChannelCredentials {
  if (!files) return credentials.createInsecure();
  return credentials.createSsl(fs.readFileSync(files.ca), fs.readFileSync(files.key), fs.readFileSync(files.cert));
}

/**
 * For tools that call a running `npm start` (npm run import): the launcher's certificate under
 * <dataDir>/tls when there is one, else plaintext (a stack started with TLS off).
 */
export function localClientCredentials(dataDir: string): ChannelCredentials {
  const dir = path.join(dataDir, 'tls');
  const files = {
    ca: path.join(dir, 'ca.crt'),
    cert: path.join(dir, 'launcher.crt'),
    key: path.join(dir, 'launcher.key'),
  };
  return clientCredentialsOf(Object.values(files).every((file) => fs.existsSync(file)) ? files : undefined);
}
