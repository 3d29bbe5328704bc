import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { waitFor } from '@docket/testkit';

jest.setTimeout(60_000);

/** A Zipkin v2 span as @opentelemetry/exporter-zipkin posts it. */
interface ZipkinSpan {
  traceId: string;
  id: string;
  parentId?: string;
  name: string;
  kind?: 'CLIENT' | 'SERVER' | 'PRODUCER' | 'CONSUMER';
  localEndpoint?: { serviceName?: string };
  tags?: Record<string, string>;
}

/**
 * What npm start does for tracing, with a stand-in for Zipkin: two processes set up like the
 * services (initTelemetry with OTEL_EXPORTER_ZIPKIN_ENDPOINT), an HTTP "BFF" calling a gRPC service,
 * and a loopback receiver that accepts Zipkin v2 JSON at /api/v2/spans as Zipkin's server does.
 */
describe('spans exported to Zipkin', () => {
  const received: ZipkinSpan[] = [];
  const contentTypes = new Set<string>();
  let receiver: http.Server;
  let spansUrl: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/api/v2/spans') {
          res.writeHead(404).end();
          return;
        }
        contentTypes.add(req.headers['content-type'] ?? '');
        received.push(...(JSON.parse(body) as ZipkinSpan[]));
        res.writeHead(202).end(); // what Zipkin answers
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    spansUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v2/spans`;
  });

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** Starts a fixture process and resolves with the port it prints. */
  function startHop(role: 'grpc' | 'http', env: Record<string, string> = {}): Promise<number> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '..', 'fixtures', 'traced-hop.ts'), role],
      {
        env: {
          ...process.env,
          ...env,
          OTEL_EXPORTER_ZIPKIN_ENDPOINT: spansUrl,
          OTEL_BSP_SCHEDULE_DELAY: '100',
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
          SENTRY_DSN: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /PORT (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`${role} hop exited (${code}):\n${output}`)));
    });
  }

  it('sends one trace across HTTP → gRPC, each side under its own service name', async () => {
    const grpcPort = await startHop('grpc');
    const httpPort = await startHop('http', { GRPC_TARGET: `127.0.0.1:${grpcPort}` });

    const res = await fetch(`http://127.0.0.1:${httpPort}/hop`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ping');

    const byService = (service: string, kind: ZipkinSpan['kind']) =>
      received.filter((s) => s.localEndpoint?.serviceName === service && s.kind === kind);
    await waitFor(
      () =>
        byService('hop-http', 'SERVER').length > 0 &&
        byService('hop-grpc', 'SERVER').length > 0 &&
        byService('hop-http', 'CLIENT').length > 0,
      {
        description: 'the HTTP server span, the gRPC client span and the gRPC server span at the Zipkin endpoint',
      },
    );

    const httpServer = byService('hop-http', 'SERVER')[0]!;
    const grpcClient = byService('hop-http', 'CLIENT').find((s) => s.traceId === httpServer.traceId)!;
    const grpcServer = byService('hop-grpc', 'SERVER')[0]!;
    expect(grpcClient).toBeDefined();
    // One trace: the gRPC call is a child of the HTTP request, the server side a child of the call.
    expect(grpcServer.traceId).toBe(httpServer.traceId);
    expect(grpcClient.parentId).toBe(httpServer.id);
    expect(grpcServer.parentId).toBe(grpcClient.id);
    expect(grpcServer.name).toContain('docket.test.Echo/Echo');
    expect([...contentTypes]).toEqual(['application/json']);
  });
});
