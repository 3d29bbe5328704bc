import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ExportResultCode } from '@opentelemetry/core';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { waitFor } from '@docket/testkit';
import { freePort } from '../../src/wait';
import { startZipkin, zipkinJarPath, type RunningZipkin } from '../../src/zipkin';

jest.setTimeout(90_000);

/**
 * The real Zipkin server as npm start runs it. Only where its jar is already cached (a machine that
 * ran npm start, or `npx tsx deploy/local/src/cli.ts prepare --zipkin`): the test profile does not
 * need Zipkin, and CI should not download 84 MB for it.
 */
const cached = fs.existsSync(zipkinJarPath());
(cached ? describe : describe.skip)(`Zipkin server (jar cached at ${zipkinJarPath()})`, () => {
  let zipkin: RunningZipkin;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-zipkin-'));
    zipkin = await startZipkin({ dir, port: await freePort() });
  });
  afterAll(async () => {
    await zipkin?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes spans from the OpenTelemetry Zipkin exporter and serves them and its UI', async () => {
    const memory = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'zipkin-test' }),
      spanProcessors: [new SimpleSpanProcessor(memory)],
    });
    const span = provider.getTracer('test').startSpan('GET /api/search');
    span.end();
    const [finished] = memory.getFinishedSpans();
    const exporter = new ZipkinExporter({ url: zipkin.spansUrl, serviceName: 'zipkin-test' });
    const code = await new Promise<ExportResultCode>((resolve) => exporter.export([finished!], (r) => resolve(r.code)));
    expect(code).toBe(ExportResultCode.SUCCESS);

    const traceId = span.spanContext().traceId;
    const trace = await waitFor(
      async () => {
        const res = await fetch(`${zipkin.url}/api/v2/trace/${traceId}`);
        return res.ok
          ? ((await res.json()) as Array<{ name: string; localEndpoint: { serviceName: string } }>)
          : undefined;
      },
      { description: `trace ${traceId} in Zipkin` },
    );
    expect(trace[0]).toMatchObject({ name: 'get /api/search', localEndpoint: { serviceName: 'zipkin-test' } });

    const ui = await fetch(`${zipkin.url}/zipkin/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('<title>Zipkin</title>');
    await exporter.shutdown();
  });
});
