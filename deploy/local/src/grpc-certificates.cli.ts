/**
 * tsx deploy/local/src/grpc-certificates.cli.ts <dir> <part>... [--ca-key <file>]
 * Makes (or keeps, while valid) the CA and a certificate per part in <dir>: ca.crt, <part>.crt and
 * <part>.key, the services' GRPC_TLS_* files. docker compose runs it before the services
 * (deploy/docker/grpc-certs.Dockerfile); `npm start` calls the same generator itself.
 */
import { parseArgs } from 'node:util';
import { ensureLocalCertificates } from './grpc-certificates';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'ca-key': { type: 'string' } } });
const [dir, ...parts] = positionals;
if (!dir || parts.length === 0) {
  process.stderr.write('usage: grpc-certificates.cli.ts <dir> <part>... [--ca-key <file>]\n');
  process.exit(64);
}
ensureLocalCertificates(dir, parts, { caKeyFile: values['ca-key'] }).then(
  (made) =>
    process.stdout.write(`${made.made} certificates made, ${parts.length + 1 - made.made} kept, in ${made.dir}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
