import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, grpcServerEnv, grpcTarget, grpcTlsIssues, isLoopbackHost, loadConfig, z } from '../../src';

/** A service's gRPC part of its config, as the services declare it. */
const schema = z.object({ ...grpcServerEnv, PEER_GRPC: grpcTarget('127.0.0.1:50051') }).superRefine((env, ctx) => {
  for (const issue of grpcTlsIssues(env, { listen: env.GRPC_HOST, targets: { PEER_GRPC: env.PEER_GRPC } }))
    ctx.addIssue({ code: 'custom', ...issue });
});

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

let dir: string;
let tls: Record<'GRPC_TLS_CA' | 'GRPC_TLS_CERT' | 'GRPC_TLS_KEY', string>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grpc-env-test-'));
  tls = {
    GRPC_TLS_CA: path.join(dir, 'ca.crt'),
    GRPC_TLS_CERT: path.join(dir, 'me.crt'),
    GRPC_TLS_KEY: path.join(dir, 'me.key'),
  };
  for (const file of Object.values(tls)) fs.writeFileSync(file, 'pem');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('gRPC listen address and TLS settings', () => {
  it('listen on loopback in plaintext by default (no TLS file, no health port)', () => {
    expect(loadConfig(schema, {})).toEqual({ GRPC_HOST: '127.0.0.1', PEER_GRPC: '127.0.0.1:50051' });
  });

  it('refuse to listen beyond this machine, or to call another machine, without mutual TLS', () => {
    expect(problems({ GRPC_HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^GRPC_HOST: 0\.0\.0\.0 listens beyond this machine, which needs mutual TLS/),
    ]);
    expect(problems({ GRPC_HOST: '::' })).toHaveLength(1);
    expect(problems({ PEER_GRPC: 'documents:50051' })).toEqual([
      expect.stringMatching(/^PEER_GRPC: documents:50051 is not on this machine/),
    ]);
    expect(problems({ GRPC_HOST: '0.0.0.0', PEER_GRPC: 'documents:50051', ...tls })).toEqual([]);
    expect(problems({ GRPC_HOST: '::1', PEER_GRPC: 'localhost:50051' })).toEqual([]);
  });

  it('want the three files together, each readable', () => {
    expect(problems({ GRPC_TLS_CA: tls.GRPC_TLS_CA })).toEqual([
      'GRPC_TLS_CERT: is required with GRPC_TLS_CA (mutual TLS needs the CA, a certificate and its key)',
      'GRPC_TLS_KEY: is required with GRPC_TLS_CA (mutual TLS needs the CA, a certificate and its key)',
    ]);
    expect(problems({ ...tls, GRPC_TLS_KEY: path.join(dir, 'missing.key') })).toEqual([
      'GRPC_TLS_KEY: must name a readable file',
    ]);
    expect(problems({ ...tls, GRPC_TLS_CA: dir })).toEqual(['GRPC_TLS_CA: must name a readable file']);
  });

  it('take an IP address or a host name to listen on, nothing else', () => {
    expect(problems({ GRPC_HOST: '10.0.0.5; rm -rf', ...tls })).toEqual([
      expect.stringMatching(/^GRPC_HOST: must be an IP address/),
    ]);
    expect(problems({ GRPC_HOST: 'services.internal', ...tls })).toEqual([]);
  });

  it('know loopback in its spellings', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost'])
      expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: true });
    for (const host of ['0.0.0.0', '::', '192.0.2.2', '::ffff:10.0.0.1', 'documents', '128.0.0.1'])
      expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: false });
  });
});
