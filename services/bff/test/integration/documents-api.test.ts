import { createHash, randomBytes } from 'node:crypto';
import { uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { attachmentFixture, FakeBackends, pagedDocumentFixture } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What every attachment is served under: no script runs, nothing loads. */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
describe('BFF documents, attachments, uploads, imports and catalog (gRPC services faked at the wire)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let admin: BrowserClient;
  let adminId: string;
  let member: BrowserClient;

  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024 * 1024)]);
  const large = randomBytes(8 * 1024 * 1024);
  const docx = randomBytes(2048);
  const html = Buffer.from('<html><body><script>alert(1)</script>Order</body></html>');

  beforeAll(async () => {
    const attachments = [
      attachmentFixture({ id: 'att-pdf', bytes: pdf, fileName: 'testimony.pdf', pageCount: 12, primary: true }),
      attachmentFixture({
        id: 'att-docx',
        bytes: docx,
        fileName: 'Exhibit – Décision.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      attachmentFixture({
        id: 'att-html',
        bytes: html,
        fileName: 'order.html',
        contentType: 'text/html; charset=utf-8',
      }),
      attachmentFixture({ id: 'att-large', bytes: large, fileName: 'workpapers.zip', contentType: 'application/zip' }),
      attachmentFixture({
        id: 'att-broken',
        bytes: Buffer.from('x'),
        fileName: 'locked.pdf',
        failureReason: 'encrypted',
        failureMessage: 'password required',
      }),
    ];
    fakes.documents.set('doc-paged', pagedDocumentFixture('doc-paged', attachments));
    for (const [id, bytes] of [
      ['att-pdf', pdf],
      ['att-docx', docx],
      ['att-html', html],
      ['att-large', large],
      ['att-broken', Buffer.from('x')],
    ] as const) {
      fakes.blobs.set(id, bytes);
    }

    const target = await fakes.start(logger);
    bff = await startTestBff(
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_FILES: '3' }, target),
      logger,
    );
    admin = new BrowserClient(bff.url);
    const login = await admin.signIn(adminEmail, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    adminId = login.body.user.id;

    const email = `${uniqueName('member')}@example.com`;
    expect(
      (await admin.post('/api/users', { email, name: 'Member', role: 'member', password: 'member password 123' }))
        .status,
    ).toBe(201);
    member = new BrowserClient(bff.url);
    expect((await member.signIn(email, 'member password 123')).status).toBe(200);
  });

  afterAll(async () => {
    await bff?.stop();
    await fakes.stop();
  });

  describe('catalog and entities', () => {
    it('lists sources with numbers and ISO dates', async () => {
      const res = await member.get('/api/catalog/sources');
      expect(res.status).toBe(200);
      expect(res.body.sources).toEqual([
        expect.objectContaining({
          id: 'src-ferc',
          shortName: 'FERC',
          kind: 'agency',
          documentCount: 1250,
          docketCount: 48,
          firstFiledAt: '2019-01-02T00:00:00.000Z',
          lastFiledAt: '2024-04-30T00:00:00.000Z',
          filingTypes: [{ native: 'Order on Rehearing', category: 'Order', count: 120 }],
        }),
      ]);
    });

    it('lists data products with their releases', async () => {
      const res = await member.get('/api/catalog/data-products');
      expect(res.status).toBe(200);
      expect(res.body.dataProducts[0]).toMatchObject({
        id: 'dp-rate-cases',
        cadence: 'monthly',
        releases: [
          {
            version: '2024.05',
            releasedAt: '2024-05-01T00:00:00.000Z',
            recordCounts: [{ entity: 'proceedings', count: 412 }],
            changeLog: [{ kind: 'added', entity: 'tariffs', count: 19 }],
          },
        ],
      });
    });

    it('reports each source’s health, runs and history', async () => {
      const res = await member.get('/api/catalog/status');
      expect(res.status).toBe(200);
      expect(res.body.sources[0]).toMatchObject({
        source: { id: 'src-ferc' },
        status: 'lagging',
        lagSeconds: 90000,
        documentsLast24h: 0,
        documentsLast7d: 42,
        errorRate: 0.05,
        recentRuns: [
          {
            id: 'run-7',
            seen: 20,
            new: 15,
            updated: 2,
            duplicate: 2,
            failed: 1,
            processId: null,
            errors: [{ item: 'FR-2024-0001', reason: 'corrupt', message: 'PDF header missing' }],
          },
        ],
        history: [{ day: '2024-05-01', documents: 15, failed: 1 }],
      });
      expect(res.body.corpusLoad).toBeNull();
    });

    it('shows the default corpus loading until the index holds all of it', async () => {
      // The fake index holds fakes.documents; the load says 3 times as many filings, all stored a minute ago.
      const total = fakes.documents.size * 3;
      fakes.corpusLoad = {
        total: String(total),
        stored: String(total),
        startedAt: new Date(Date.now() - 120_000),
        finishedAt: new Date(Date.now() - 60_000),
      };
      try {
        const loading = await member.get('/api/catalog/status');
        expect(loading.status).toBe(200);
        expect(loading.body.corpusLoad).toMatchObject({ total, stored: total, indexed: fakes.documents.size });
        expect(loading.body.corpusLoad.secondsLeft).toBeGreaterThan(0);
        fakes.corpusLoad = {
          ...fakes.corpusLoad,
          total: String(fakes.documents.size),
          stored: String(fakes.documents.size),
        };
        expect((await member.get('/api/catalog/status')).body.corpusLoad).toBeNull();
      } finally {
        fakes.corpusLoad = undefined;
      }
    });

    it('shows an entity profile, and 404 for an unknown one', async () => {
      const res = await member.get('/api/entities/ent-acme');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        entity: {
          name: 'Acme Power Co.',
          aliases: ['Acme Power Company', 'Acme'],
          mentionCount: 57,
          documentCount: 12,
          firstSeenAt: '2023-02-01T00:00:00.000Z',
        },
        mentionsByMonth: [{ month: '2024-03', mentions: 9 }],
        documents: [{ documentId: 'doc-paged', excerpt: '… Acme Power Co. asks …' }],
        dockets: [{ number: 'ER24-1-000', documents: 17 }],
        cooccurring: [{ id: 'ent-jane', kind: 'person', count: 8 }],
      });
      const missing = await member.get('/api/entities/ent-nobody');
      expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
    });

    it('needs a session', async () => {
      const anonymous = new BrowserClient(bff.url);
      for (const path of [
        '/api/catalog/sources',
        '/api/catalog/data-products',
        '/api/catalog/status',
        '/api/entities/ent-acme',
        '/api/documents/doc-paged/attachments/att-pdf',
      ]) {
        expect([path, (await anonymous.get(path)).status]).toEqual([path, 401]);
      }
    });
  });

  describe('a document', () => {
    it('returns the requested pages of text with the docket, source, entities and mentions', async () => {
      const res = await member.get('/api/documents/doc-paged?page=3&pages=2');
      expect(res.status).toBe(200);
      const { document } = res.body;
      expect(document.text).toMatch(/^Page 3\..*\nPage 4\..*\n$/);
      expect(document.textOffset).toBe(document.pages[2].start);
      expect(document.textLength).toBe(document.pages.at(-1).end);
      expect(document.pages).toHaveLength(12);
      expect(document).toMatchObject({
        filingCategory: 'Testimony',
        filingType: 'Testimony (Direct)',
        filers: ['Acme Power Co.'],
        docketId: 'dkt-1',
        failureReason: null,
        provenance: { connector: 'files', sourceDocumentId: 'testimony.pdf', runId: 'run-7' },
      });
      expect(
        document.attachments.map((a: { id: string; primary: boolean; failureReason: string | null }) => [
          a.id,
          a.primary,
          a.failureReason,
        ]),
      ).toEqual([
        ['att-pdf', true, null],
        ['att-docx', false, null],
        ['att-html', false, null],
        ['att-large', false, null],
        ['att-broken', false, 'encrypted'],
      ]);
      expect(document.attachments[0]).toMatchObject({ size: pdf.length, sha256: sha256(pdf), pageCount: 12 });
      expect(res.body.docket).toMatchObject({
        number: 'ER24-1-000',
        openedAt: '2024-01-10T00:00:00.000Z',
        closedAt: null,
        documentCount: 17,
        parties: [{ name: 'Acme Power Co.', role: 'applicant' }],
      });
      expect(res.body.source).toMatchObject({ id: 'src-ferc', name: 'Federal Energy Regulatory Commission' });
      expect(res.body.entities).toEqual([
        { id: 'ent-acme', kind: 'organisation', name: 'Acme Power Co.', count: 3 },
        { id: 'ent-docket', kind: 'docket', name: 'ER24-1-000', count: 1 },
      ]);
      expect(res.body.mentions).toEqual([
        { entityId: 'ent-acme', start: document.textOffset + 5, end: document.textOffset + 19 },
      ]);
    });

    it('defaults to five pages from the first, and validates the range', async () => {
      const res = await member.get('/api/documents/doc-paged');
      expect(res.body.document.text.match(/Page \d+\./g)).toEqual([
        'Page 1.',
        'Page 2.',
        'Page 3.',
        'Page 4.',
        'Page 5.',
      ]);
      const bad = await member.get('/api/documents/doc-paged?page=0&pages=500');
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['page', 'pages']);
    });

    it('lets only administrators delete, with the CSRF token; then it is gone', async () => {
      fakes.documents.set('doc-doomed', pagedDocumentFixture('doc-doomed', []));
      expect((await member.request('DELETE', '/api/documents/doc-doomed')).status).toBe(403);
      const noToken = await admin.request('DELETE', '/api/documents/doc-doomed', { csrf: 'none' });
      expect([noToken.status, noToken.body.error.code]).toEqual([403, 'csrf_failed']);
      expect((await admin.request('DELETE', '/api/documents/doc-doomed')).status).toBe(204);
      expect(fakes.deleteRequests.at(-1)).toMatchObject({ id: 'doc-doomed', deletedBy: adminId });
      expect((await member.get('/api/documents/doc-doomed')).status).toBe(404);
      expect((await admin.request('DELETE', '/api/documents/doc-doomed')).status).toBe(404);
    });
  });

  describe('attachments', () => {
    it('streams a PDF inline with its type, length, and SHA-256 ETag; bytes intact', async () => {
      const res = await member.fetch('GET', '/api/documents/doc-paged/attachments/att-pdf');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe(String(pdf.length));
      expect(res.headers.get('content-disposition')).toBe('inline; filename="testimony.pdf"');
      expect(res.headers.get('etag')).toBe(`"${sha256(pdf)}"`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Sandboxed like every file (the browser's PDF viewer still opens it), and not frameable.
      expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    });

    it('answers 304 when the browser already has that version', async () => {
      const res = await member.fetch('GET', '/api/documents/doc-paged/attachments/att-pdf', {
        // Set explicitly, or fetch adds "no-cache" to a conditional request (browsers revalidating send max-age=0).
        headers: { 'if-none-match': `"${sha256(pdf)}"`, 'cache-control': 'max-age=0' },
      });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe('');
    });

    it('answers HEAD and a revalidation of a large file without reading the file through', async () => {
      for (const [method, headers, status] of [
        ['HEAD', {}, 200],
        ['GET', { 'if-none-match': `"${sha256(large)}"`, 'cache-control': 'max-age=0' }, 304],
      ] as const) {
        const res = await member.fetch(method, '/api/documents/doc-paged/attachments/att-large', { headers });
        expect([method, res.status, res.headers.get('etag')]).toEqual([method, status, `"${sha256(large)}"`]);
        const read = fakes.attachmentReads.at(-1)!;
        await waitFor(() => read.cancelled, { description: `the ${method} to cancel the gRPC stream` });
        expect(read.sent).toBeLessThan(large.length);
      }
    });

    it('offers other types as downloads, naming non-ASCII files per RFC 6266', async () => {
      const res = await member.fetch('GET', '/api/documents/doc-paged/attachments/att-docx');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Exhibit _ Decision.docx"; filename*=UTF-8''Exhibit%20%E2%80%93%20D%C3%A9cision.docx`,
      );
      expect([res.headers.get('content-security-policy'), res.headers.get('x-content-type-options')]).toEqual([
        SANDBOX,
        'nosniff',
      ]);
      expect(Buffer.from(await res.arrayBuffer()).equals(docx)).toBe(true);
    });

    it('sandboxes HTML so a filed page cannot run scripts on our origin', async () => {
      const res = await member.fetch('GET', '/api/documents/doc-paged/attachments/att-html');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('inline; filename="order.html"');
      expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(await res.text()).toBe(html.toString());
    });

    it('answers an unknown attachment or document with a JSON 404 before any byte', async () => {
      for (const path of [
        '/api/documents/doc-paged/attachments/att-nope',
        '/api/documents/doc-nope/attachments/att-pdf',
      ]) {
        const res = await member.request('GET', path);
        expect([path, res.status, res.headers.get('content-type'), res.body.error.code]).toEqual([
          path,
          404,
          'application/json; charset=utf-8',
          'not_found',
        ]);
      }
    });

    it('streams a large file with backpressure and cancels the gRPC stream when the browser leaves', async () => {
      const controller = new AbortController();
      const res = await member.fetch('GET', '/api/documents/doc-paged/attachments/att-large', {
        signal: controller.signal,
      });
      expect(res.headers.get('content-length')).toBe(String(large.length));
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="workpapers.zip"');
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.value!.length).toBeGreaterThan(0);
      const read = fakes.attachmentReads.filter((r) => r.attachmentId === 'att-large').at(-1)!;
      // The browser reads nothing more: the service must end up waiting, well short of the whole file.
      await waitFor(() => !read.cancelled && read.sent > 0, { description: 'the service to start sending' });
      controller.abort();
      await waitFor(() => read.cancelled, { description: 'the gRPC stream to be cancelled' });
      expect(read.sent).toBeLessThan(large.length);
    });

    it('delivers a large file completely to a reader that keeps up', async () => {
      const res = await member.fetch('GET', '/api/documents/doc-paged/attachments/att-large');
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(large));
    });
  });

  describe('uploads', () => {
    function form(parts: [string, string | Blob, string?][]): FormData {
      const data = new FormData();
      for (const [name, value, fileName] of parts) {
        if (typeof value === 'string') data.append(name, value);
        else data.append(name, value, fileName);
      }
      return data;
    }

    it('streams each file to the documents service with source, sidecar, uploader; one outcome per file', async () => {
      const first = `first filing ${uniqueName('a')}`;
      const second = `second filing ${uniqueName('b')}`;
      const sidecar = JSON.stringify({ title: 'Comments of Acme', docketNumber: 'ER24-1-000' });
      const before = fakes.uploads.length;
      const res = await admin.request('POST', '/api/documents/upload', {
        body: form([
          ['sourceId', 'src-ferc'],
          ['sidecar', sidecar],
          ['files', new Blob([first], { type: 'text/plain' }), 'comments.txt'],
          ['files', new Blob([second], { type: 'application/pdf' }), 'Ordre – été.pdf'],
        ]),
      });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([
        {
          fileName: 'comments.txt',
          outcome: 'new',
          documentId: expect.any(String),
          title: 'Comments of Acme',
          reason: null,
        },
        {
          fileName: 'Ordre – été.pdf',
          outcome: 'new',
          documentId: expect.any(String),
          title: 'Comments of Acme',
          reason: null,
        },
      ]);
      const seen = fakes.uploads.slice(before);
      expect(
        seen.map((u) => [
          u.header?.fileName,
          u.header?.contentType,
          u.header?.sourceId,
          u.header?.uploadedBy,
          u.header?.sidecarJson,
        ]),
      ).toEqual([
        ['comments.txt', 'text/plain', 'src-ferc', adminId, sidecar],
        ['Ordre – été.pdf', 'application/pdf', 'src-ferc', adminId, sidecar],
      ]);
      expect(seen.map((u) => Buffer.concat(u.chunks).toString())).toEqual([first, second]);
    });

    it('reports duplicates, unreadable files (kept, with the reason) and refused files separately', async () => {
      const res = await admin.request('POST', '/api/documents/upload', {
        body: form([
          ['files', new Blob(['same again']), 'dup.txt'],
          ['files', new Blob(['%PDF-garbage']), 'corrupt.pdf'],
          ['files', new Blob(['MZ']), 'reject.exe'],
        ]),
      });
      expect(res.status).toBe(200);
      expect(
        res.body.results.map(
          (r: { fileName: string; outcome: string; reason: string | null; documentId: string | null }) => [
            r.fileName,
            r.outcome,
            r.reason,
            r.documentId !== null,
          ],
        ),
      ).toEqual([
        ['dup.txt', 'duplicate', null, true],
        ['corrupt.pdf', 'failed', 'corrupt', true],
        ['reject.exe', 'failed', 'unsupported file type: reject.exe', false],
      ]);
    });

    it('forwards bytes while the browser is still sending the file (no buffering of the whole upload)', async () => {
      const boundary = `----test${uniqueName('b')}`;
      const encoder = new TextEncoder();
      const head =
        `--${boundary}\r\n` +
        'Content-Disposition: form-data; name="files"; filename="streamed.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\n';
      const firstHalf = 'a'.repeat(200_000);
      const secondHalf = 'b'.repeat(200_000);
      const before = fakes.uploads.length;
      let sentFirst = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!sentFirst) {
            sentFirst = true;
            controller.enqueue(encoder.encode(head + firstHalf));
            return;
          }
          // The rest of the file is held back until the service has seen the first bytes.
          await waitFor(() => fakes.uploads[before]?.chunks.length, {
            description: 'the first bytes to reach the service',
          });
          expect(fakes.uploads[before]!.stored).toBe(false);
          controller.enqueue(encoder.encode(`${secondHalf}\r\n--${boundary}--\r\n`));
          controller.close();
        },
      });
      const res = await admin.fetch('POST', '/api/documents/upload', {
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { results: unknown[] }).results[0]).toMatchObject({
        fileName: 'streamed.txt',
        outcome: 'new',
      });
      expect(Buffer.concat(fakes.uploads[before]!.chunks).toString()).toBe(firstHalf + secondHalf);
    });

    it('refuses a file over the size cap without storing it, and still handles the other files', async () => {
      const before = fakes.uploads.length;
      const res = await admin.request('POST', '/api/documents/upload', {
        body: form([
          ['files', new Blob([Buffer.alloc(1024 * 1024 + 1, 1)]), 'huge.pdf'],
          ['files', new Blob([`small ${uniqueName('s')}`]), 'small.txt'],
          ['files', new Blob([Buffer.alloc(1024 * 1024, 2)]), 'exactly-the-cap.pdf'],
        ]),
      });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: { outcome: string; reason: string | null }) => [r.outcome, r.reason])).toEqual([
        ['failed', 'too_large: the file is larger than 1 MB'],
        ['new', null],
        ['new', null],
      ]);
      const [huge, small] = fakes.uploads.slice(before);
      expect([huge?.header?.fileName, huge?.cancelled, huge?.stored]).toEqual(['huge.pdf', true, false]);
      expect([small?.header?.fileName, small?.stored]).toEqual(['small.txt', true]);
      expect([...fakes.documents.values()].some((d) => d.title === 'huge.pdf')).toBe(false);
    });

    it('rejects malformed uploads with 400 and stores nothing', async () => {
      const before = fakes.uploads.length;
      const cases: [string, FormData | undefined, RegExp][] = [
        [
          'bad sidecar',
          form([
            ['sidecar', '{not json'],
            ['files', new Blob(['x']), 'a.txt'],
          ]),
          /sidecar is not a JSON object/,
        ],
        [
          'field after a file',
          form([
            ['files', new Blob(['x']), 'a.txt'],
            ['sourceId', 'src-ferc'],
          ]),
          /must come before the files/,
        ],
        [
          'no files',
          form([
            ['sourceId', 'src-ferc'],
            ['files', new Blob([]), ''],
          ]),
          /no files/,
        ],
        [
          'too many files',
          form([1, 2, 3, 4].map((i): [string, Blob, string] => ['files', new Blob([`file ${i}`]), `f${i}.txt`])),
          /at most 3 files/,
        ],
      ];
      for (const [name, body, message] of cases) {
        const res = await admin.request('POST', '/api/documents/upload', { body });
        expect([name, res.status, res.body.error.code]).toEqual([name, 400, 'invalid_input']);
        expect(res.body.error.message).toMatch(message);
      }
      // Only files before the problem became known reached the service.
      expect(fakes.uploads.slice(before).map((u) => u.header?.fileName)).toEqual([
        'a.txt',
        'f1.txt',
        'f2.txt',
        'f3.txt',
      ]);

      const json = await admin.request('POST', '/api/documents/upload', { json: { files: [] } });
      expect([json.status, json.body.error.message]).toEqual([400, 'send the files as multipart/form-data']);
    });

    it('refuses an unknown source (field or sidecar) with a 400 listing the known ones; nothing stored', async () => {
      const before = fakes.documents.size;
      for (const [parts, path] of [
        [[['sourceId', '../../etc']], 'sourceId'],
        [[['sidecar', JSON.stringify({ sourceId: '../../etc' })]], 'sidecar.sourceId'],
      ] as [[string, string][], string][]) {
        const sent = fakes.uploads.length;
        const files: [string, Blob, string][] = [
          ['files', new Blob([`probe ${uniqueName('p')}`]), 'a.txt'],
          ['files', new Blob([`probe ${uniqueName('q')}`]), 'b.txt'],
        ];
        const res = await admin.request('POST', '/api/documents/upload', { body: form([...parts, ...files]) });
        expect([res.status, res.body.error.code]).toEqual([400, 'invalid_input']);
        expect(res.body.error.message).toMatch(/^unknown source "\.\.\/\.\.\/etc"; known sources: src-ferc/);
        expect(res.body.error.issues).toEqual([{ path, message: expect.stringContaining('known sources: src-ferc') }]);
        expect(fakes.uploads.slice(sent).map((u) => u.header?.fileName)).toContain('a.txt');
        expect(fakes.uploads.slice(sent).some((u) => u.stored)).toBe(false);
      }
      expect(fakes.documents.size).toBe(before);
    });

    it('is for administrators, with the CSRF token', async () => {
      const body = () => form([['files', new Blob(['x']), 'a.txt']]);
      expect((await member.request('POST', '/api/documents/upload', { body: body() })).status).toBe(403);
      const noToken = await admin.request('POST', '/api/documents/upload', { body: body(), csrf: 'none' });
      expect([noToken.status, noToken.body.error.code]).toEqual([403, 'csrf_failed']);
    });
  });

  describe('imports', () => {
    it('starts a directory import as the administrator and returns the process to follow', async () => {
      const res = await admin.post('/api/imports', { path: '/srv/filings/2024', sourceId: 'src-ferc' });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ processId: expect.stringMatching(/^import-/), runId: expect.stringMatching(/^run-/) });
      expect(fakes.importRequests.at(-1)).toEqual({
        path: '/srv/filings/2024',
        sourceId: 'src-ferc',
        requestedBy: adminId,
      });
    });

    it('validates the path here and passes on the service’s own objections', async () => {
      const empty = await admin.post('/api/imports', { path: '  ' });
      expect([empty.status, empty.body.error.issues[0].path]).toEqual([400, 'path']);
      const relative = await admin.post('/api/imports', { path: 'relative/dir' });
      expect([relative.status, relative.body.error.issues]).toEqual([
        400,
        [{ path: 'path', message: 'must be absolute' }],
      ]);
      expect((await member.post('/api/imports', { path: '/srv/x' })).status).toBe(403);
      const unknown = await admin.post('/api/imports', { path: '/srv/x', sourceId: '../../etc' });
      const issue = { path: 'sourceId', message: 'must name a known source (known sources: src-ferc)' };
      expect([unknown.status, unknown.body.error.issues]).toEqual([400, [issue]]);
    });
  });

  describe('sources (administrators)', () => {
    const nypsc = {
      id: 'src-nypsc',
      name: 'New York Public Service Commission',
      kind: 'agency',
      shortName: 'NYPSC',
      jurisdiction: 'state',
      state: 'NY',
    };

    it('creates a source an administrator defines; it is listed, and uploads may then name it', async () => {
      const res = await admin.post('/api/catalog/sources', nypsc);
      expect(res.status).toBe(201);
      expect(res.body.source).toMatchObject({ ...nypsc, documentCount: 0, homeUrl: '', docketPattern: '' });
      expect(fakes.createSourceRequests.at(-1)).toEqual({
        ...nypsc,
        homeUrl: '',
        docketPattern: '',
        createdBy: adminId,
      });
      const listed = (await member.get('/api/catalog/sources')).body.sources as { id: string }[];
      expect(listed.map((s) => s.id)).toContain('src-nypsc');
      const upload = await admin.request('POST', '/api/documents/upload', {
        body: (() => {
          const data = new FormData();
          data.append('sourceId', 'src-nypsc');
          data.append('files', new Blob([`filing ${uniqueName('n')}`]), 'nypsc.txt');
          return data;
        })(),
      });
      expect([upload.status, upload.body.results[0].outcome]).toEqual([200, 'new']);
    });

    it('answers 409 for a taken id, and 400 naming each bad field (here or in the documents service)', async () => {
      const again = await admin.post('/api/catalog/sources', { ...nypsc, name: 'Another' });
      expect([again.status, again.body.error.code]).toEqual([409, 'conflict']);
      const bad = await admin.post('/api/catalog/sources', {
        id: '../../etc',
        name: '',
        kind: 'upload',
        jurisdiction: 'galactic',
        state: 'New York',
        homeUrl: 'javascript:alert(1)',
        docketPattern: '(unclosed',
      });
      const paths = (bad.body.error.issues as { path: string }[]).map((i) => i.path);
      expect([bad.status, paths]).toEqual([
        400,
        ['id', 'name', 'kind', 'jurisdiction', 'state', 'homeUrl', 'docketPattern'],
      ]);
      const credentials = {
        id: 'src-url',
        name: 'Bad URL',
        kind: 'court',
        homeUrl: 'https://user:secret@example.com/',
      };
      const url = await admin.post('/api/catalog/sources', credentials);
      const issue = { path: 'homeUrl', message: 'must not contain a user name or password' };
      expect([url.status, url.body.error.issues]).toEqual([400, [issue]]);
      const unknownKey = await admin.post('/api/catalog/sources', { ...nypsc, id: 'src-extra', documentCount: 5 });
      expect([unknownKey.status, unknownKey.body.error.issues[0].path]).toEqual([400, 'documentCount']);
      expect(fakes.createSourceRequests.map((r) => r.id)).not.toContain('../../etc');
      expect(fakes.sources.map((s) => s.id)).not.toContain('src-extra');
    });

    it('is for administrators only', async () => {
      const res = await member.post('/api/catalog/sources', { ...nypsc, id: 'src-by-member' });
      expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
      expect(fakes.createSourceRequests.map((r) => r.id)).not.toContain('src-by-member');
    });
  });

  it('documents the new operations in OpenAPI, the upload as multipart/form-data', async () => {
    const res = await member.get('/api/openapi.json');
    const paths = res.body.paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, unknown> } }>
    >;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/catalog/sources',
        '/api/catalog/data-products',
        '/api/catalog/status',
        '/api/entities/{id}',
        '/api/documents/{id}/attachments/{attachmentId}',
        '/api/documents/upload',
        '/api/imports',
      ]),
    );
    expect(Object.keys(paths['/api/documents/{id}']!).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(paths['/api/documents/upload']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
  });
});
