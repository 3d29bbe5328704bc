import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Consumer } from 'kafkajs';
import mammoth from 'mammoth';
import pino from 'pino';
import { ConflictError, InputError, NotAllowedError, NotFoundError } from '@docket/errors';
import { createKafka, type TopicDef } from '@docket/events';
import { ExportFormat, ExportStatus, type ExportOptions } from '@docket/proto/src/exports';
import { ExportCompleted } from '@docket/proto/src/process-events';
import { ProcessServiceClient, ProcessStatus } from '@docket/proto/src/processes';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { exportTestConfig, exportTopics } from '../support/export-app';
import { ExportTestClient } from '../support/export-client';
import { documentIdOf, FakeUpstream, fileOf, textOf } from '../support/fake-upstream';
import { expectKeyFactsInDocx, expectKeyFactsInHtml } from '../support/key-facts.expect';
import { queryFixture } from '../support/query.fixture';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const WS = 'ws-1';
const OWNER = 'user-owner';
const MEMBER = 'user-member';
const STRANGER = 'user-stranger';

let upstream: FakeUpstream;
let app: RunningApp;
let exports: ExportTestClient;
let processesClient: ProcessServiceClient;
let blobDir: string;
let completedTopic: TopicDef<ExportCompleted>;
let consumer: Consumer;
const completed: ExportCompleted[] = [];

beforeAll(async () => {
  upstream = new FakeUpstream();
  const target = await upstream.start(logger);
  upstream.addWorkspace(WS, 'Rate case 23-0456', [OWNER, MEMBER]);
  upstream.addSearch(WS, 'req-250', 'rows:250', 250);
  upstream.addSearch(WS, 'req-40', 'rows:40', 40);
  upstream.addSearch(WS, 'req-slow', 'slow:100000', 100000);
  upstream.addSearch(WS, 'req-fail', 'fail');
  upstream.addSearch(WS, 'req-fail-once', 'fail-first:1:30', 30);
  upstream.addSearch(WS, 'req-fail-twice', 'fail-first:2:30', 30);
  upstream.addQuery(WS, 'req-query', queryFixture(WS));
  upstream.addWorkspace('ws-small', 'Small workspace', [OWNER]);
  upstream.addSearch('ws-small', 'small-search', 'rows:5', 5);
  upstream.addQuery('ws-small', 'small-query', { ...queryFixture('ws-small'), queryId: 'q-small' });

  blobDir = await mkdtemp(path.join(os.tmpdir(), 'export-files-'));
  const config = exportTestConfig('export-files', {
    QUERY_ENGINE_GRPC: target,
    DOCUMENTS_GRPC: target,
    EXPORT_BLOB_DIR: blobDir,
    EXPORT_WORKERS: '2',
    EXPORT_MAX_CONCURRENT: '2',
    EXPORT_MAX_STORED: '40',
    EXPORT_APP_URL: 'https://docket.example',
    EXPORT_ROWS_PER_SHEET: '100',
    EXPORT_PROGRESS_MS: '100',
    EXPORT_UNAVAILABLE_RETRIES: '1',
    EXPORT_RETRY_DELAY_MS: '100',
  });
  completedTopic = exportTopics(config).exportCompleted;
  app = await startApp(config, logger);
  exports = new ExportTestClient(`127.0.0.1:${app.grpcPort}`);
  processesClient = new ProcessServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());

  consumer = createKafka({ clientId: 'export-test', brokers: config.KAFKA_BROKERS, logger }).consumer({
    groupId: uniqueName('export-test'),
  });
  await consumer.connect();
  await consumer.subscribe({ topic: completedTopic.name, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      completed.push(completedTopic.decode(message.value!));
    },
  });
});

afterAll(async () => {
  await consumer?.disconnect();
  exports?.close();
  processesClient?.close();
  await app?.stop();
  await upstream?.stop();
  await rm(blobDir, { recursive: true, force: true });
});

const NO_OPTIONS: ExportOptions = { includeFullText: false, includeOriginalFiles: false };

async function start(
  requestId: string,
  format: ExportFormat,
  options: ExportOptions = NO_OPTIONS,
  userId = OWNER,
  workspaceId = WS,
) {
  const response = await grpcCall(exports.client, 'startExport', {
    target: { workspaceId, requestId },
    format,
    options,
    userId,
    userEmail: `${userId}@example.test`,
  });
  return response.export!;
}

async function exportFile(
  requestId: string,
  format: ExportFormat,
  options: ExportOptions = NO_OPTIONS,
  workspaceId = WS,
) {
  const started = await start(requestId, format, options, OWNER, workspaceId);
  const done = await exports.until(OWNER, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED);
  return { record: done, bytes: await exports.download(OWNER, started.exportId) };
}

describe('formats, each read back by a real reader', () => {
  it('CSV: every matching document (not a page), one row each with metadata, plain snippet and link', async () => {
    const { record, bytes } = await exportFile('req-250', ExportFormat.EXPORT_FORMAT_CSV);
    const rows = parse(bytes, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(250);
    expect(rows.map((r) => r.document_id)).toEqual(Array.from({ length: 250 }, (_, i) => documentIdOf(i)));
    expect(rows[3]).toMatchObject({
      title: 'Order 3 on the rate case',
      filed_at: '2020-01-04',
      agency: 'Illinois Commerce Commission',
      docket_number: '23-0456',
      parties: 'Ameren Illinois; Staff',
      snippet: 'the rate case & order 3',
      link: 'https://docket.example/documents/doc-000003',
    });
    expect(record).toMatchObject({
      fileName: expect.stringMatching(/^search-rows-250-\d{4}-\d{2}-\d{2}\.csv$/),
      contentType: 'text/csv; charset=utf-8',
      size: String(bytes.length),
    });
    expect(record.progress).toMatchObject({ unit: 'rows', done: '250', total: '250' });
  });

  it('CSV with the full text: quotes, commas and line breaks survive', async () => {
    const { bytes } = await exportFile('req-40', ExportFormat.EXPORT_FORMAT_CSV, {
      includeFullText: true,
      includeOriginalFiles: false,
    });
    const rows = parse(bytes, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(40);
    expect(rows[7]!.full_text).toBe(textOf(documentIdOf(7)));
  });

  it('XLSX: exceljs reads it back, rows split across sheets at the sheet limit, each with its header', async () => {
    const { record, bytes } = await exportFile('req-250', ExportFormat.EXPORT_FORMAT_XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    // 100 rows per sheet in this suite (1,048,576 in production): header + 99 rows each.
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Results 1', 'Results 2', 'Results 3']);
    expect(workbook.worksheets.map((sheet) => sheet.actualRowCount)).toEqual([100, 100, 53]);
    const ids = workbook.worksheets.flatMap((sheet) => sheet.getColumn(1).values.slice(2) as string[]);
    expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => documentIdOf(i)));
    expect(workbook.worksheets[2]!.getRow(1).getCell(1).value).toBe('document_id');
    expect(record.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('JSON Lines: one object per line', async () => {
    const { bytes } = await exportFile('req-40', ExportFormat.EXPORT_FORMAT_JSONL);
    const lines = bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(40);
    expect(lines[39]).toMatchObject({ document_id: documentIdOf(39), score: expect.any(Number) });
  });

  it('ZIP of a search with the original files: results.csv and files/<document>/<name>', async () => {
    const { bytes } = await exportFile('req-40', ExportFormat.EXPORT_FORMAT_ZIP, {
      includeFullText: false,
      includeOriginalFiles: true,
    });
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files)
      .filter((name) => !zip.files[name]!.dir)
      .sort();
    expect(names).toHaveLength(41);
    expect(names[0]).toBe('files/doc-000000/doc-000000.pdf');
    expect(names).toContain('results.csv');
    expect(await zip.file('files/doc-000012/doc-000012.pdf')!.async('nodebuffer')).toEqual(fileOf('doc-000012'));
    expect(parse(await zip.file('results.csv')!.async('nodebuffer'), { columns: true })).toHaveLength(40);
  });

  it('DOCX of a query: the analysis, each citation a footnote quoting its passage, linking the document', async () => {
    const { record, bytes } = await exportFile('req-query', ExportFormat.EXPORT_FORMAT_DOCX);
    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    expect(text).toContain('How much did Ameren request?');
    expect(text).toContain('Ameren requested a $4.2 million increase.');
    // Word footnotes (mammoth lists them after the body): the quoted passage, its document, the link.
    const html = (await mammoth.convertToHtml({ buffer: bytes })).value;
    expect(html).toMatch(
      /Ameren requested a \$4\.2 million increase\.<sup><a href="#footnote-1" id="footnote-ref-1">\[1\]<\/a><\/sup>/,
    );
    expect(html).toMatch(
      new RegExp(
        String.raw`<li id="footnote-1"><p>“Ameren Illinois requests an increase of \$4\.2 million\.” — ` +
          String.raw`Application of Ameren, p\. 2\. <a href="https:\/\/docket\.example\/documents\/doc-a">`,
      ),
    );
    expect(html).toMatch(/<li id="footnote-2"><p>“Staff recommends \$3\.1 million\.” — Staff report, p\. 5\./);
    expect(record.fileName).toMatch(/\.docx$/);
  });

  it('DOCX of a query: key facts as the answer page shows them, footnoted (intervenors, superseded date)', async () => {
    const { bytes } = await exportFile('req-query', ExportFormat.EXPORT_FORMAT_DOCX);
    expectKeyFactsInDocx((await mammoth.convertToHtml({ buffer: bytes })).value, queryFixture(WS));
    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    expect(text).toContain('About docket 23-0456 (Illinois Commerce Commission).');
    expect(text).toContain(
      'Did you mean another proceeding? ' +
        'Docket 23-0457 — Ameren Illinois gas rate case (filed 2023-01-10 to 2023-11-30, decided).',
    );
  });

  it('HTML of a query: note marks in the text, the notes with quote and link at the end', async () => {
    const { bytes } = await exportFile('req-query', ExportFormat.EXPORT_FORMAT_HTML);
    const html = bytes.toString('utf8');
    expect(html).toContain('Ameren requested a $4.2 million increase.<sup id="ref-1"><a href="#note-1">[1]</a></sup>');
    expect(html).toContain(
      '<li id="note-2">“Staff recommends $3.1 million.” — Staff report, p. 5. ' +
        '<a href="https://docket.example/documents/doc-b">',
    );
  });

  it('HTML of a query: key facts as on the answer page, with their notes (intervenors, superseded date)', async () => {
    const { bytes } = await exportFile('req-query', ExportFormat.EXPORT_FORMAT_HTML);
    const html = bytes.toString('utf8');
    expectKeyFactsInHtml(html, queryFixture(WS));
    expect(html).toContain('<p class="scope">About docket 23-0456 (Illinois Commerce Commission).</p>');
    expect(html).toContain(
      '<p class="scope">Did you mean another proceeding? ' +
        'Docket 23-0457 — Ameren Illinois gas rate case (filed 2023-01-10 to 2023-11-30, decided).</p>',
    );
  });

  it('ZIP of a query: analysis (DOCX, HTML), documents list and figures as PNG and CSV', async () => {
    const { bytes } = await exportFile('req-query', ExportFormat.EXPORT_FORMAT_ZIP);
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual(
      [
        'analysis.docx',
        'analysis.html',
        'documents.csv',
        'figures/',
        'figures/by_agency.csv',
        'figures/by_agency.png',
        'figures/filings_by_month.csv',
        'figures/filings_by_month.png',
        'figures/numbers.csv',
      ].filter((name) => name !== 'figures/' || zip.files[name]),
    );
    const png = await zip.file('figures/filings_by_month.png')!.async('nodebuffer');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(parse(await zip.file('figures/filings_by_month.csv')!.async('nodebuffer'), { columns: true })).toEqual([
      { key: '2025-01', label: 'Jan 2025', count: '3' },
      { key: '2025-02', label: 'Feb 2025', count: '5' },
    ]);
    expect(parse(await zip.file('documents.csv')!.async('nodebuffer'), { columns: true })).toHaveLength(2);
  });

  it('workspace ZIP: an index page and every request in its own folder, with files when asked', async () => {
    const estimate = await grpcCall(exports.client, 'estimateExport', {
      target: { workspaceId: 'ws-small', requestId: '' },
      format: ExportFormat.EXPORT_FORMAT_ZIP,
      options: { includeFullText: false, includeOriginalFiles: true },
      userId: OWNER,
    });
    expect(estimate).toMatchObject({ rows: '6', files: '5', formats: [ExportFormat.EXPORT_FORMAT_ZIP] });
    expect(Number(estimate.estimatedBytes)).toBeGreaterThan(0);
    const { bytes } = await exportFile(
      '',
      ExportFormat.EXPORT_FORMAT_ZIP,
      { includeFullText: false, includeOriginalFiles: true },
      'ws-small',
    );
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    expect(names).toEqual(
      expect.arrayContaining([
        'index.html',
        '001-search-rows-5/results.csv',
        '001-search-rows-5/files/doc-000004/doc-000004.pdf',
        '002-query-how-much-did-ameren-request/analysis.docx',
        '002-query-how-much-did-ameren-request/documents.csv',
      ]),
    );
    const index = await zip.file('index.html')!.async('string');
    expect(index).toContain('<h1>Small workspace</h1>');
    expect(index).toContain('href="002-query-how-much-did-ameren-request/analysis.html"');
    // The question's analysis in the workspace's ZIP is the whole answer too, key facts included.
    const folder = '002-query-how-much-did-ameren-request/';
    const docx = await zip.file(`${folder}analysis.docx`)!.async('nodebuffer');
    expectKeyFactsInDocx((await mammoth.convertToHtml({ buffer: docx })).value, queryFixture('ws-small'));
    expectKeyFactsInHtml(await zip.file(`${folder}analysis.html`)!.async('string'), queryFixture('ws-small'));
  });
});

describe('processes', () => {
  it('a running export reports progress to its process; cancel stops it and offers no file', async () => {
    const started = await start('req-slow', ExportFormat.EXPORT_FORMAT_CSV);
    const running = await waitFor(
      async () => {
        const current = await exports.get(OWNER, started.exportId);
        return current.status === ExportStatus.EXPORT_STATUS_RUNNING && Number(current.progress!.done) > 0
          ? current
          : undefined;
      },
      { timeoutMs: 30_000, description: 'the export to make progress' },
    );
    expect(running.progress).toMatchObject({ unit: 'rows', total: '100000' });
    const process = await waitFor(
      async () => {
        const p = (await grpcCall(processesClient, 'getProcess', { id: started.processId })).process!;
        return p.status === ProcessStatus.PROCESS_STATUS_RUNNING && Number(p.done) > 0 ? p : undefined;
      },
      { timeoutMs: 30_000, description: 'the process to show progress' },
    );
    expect(process).toMatchObject({ kind: 'export', ownerId: OWNER, total: '100000' });
    expect(process.message).toMatch(/of 100,000 rows · [\d,]+ rows\/s · about .+ left/);

    const cancelled = (await grpcCall(exports.client, 'cancelExport', { userId: OWNER, exportId: started.exportId }))
      .export!;
    expect(cancelled.status).toBe(ExportStatus.EXPORT_STATUS_CANCELLED);
    await waitFor(
      async () => {
        const p = (await grpcCall(processesClient, 'getProcess', { id: started.processId })).process!;
        return p.status === ProcessStatus.PROCESS_STATUS_FAILED && p.message === 'Cancelled';
      },
      { timeoutMs: 30_000, description: 'the process to say cancelled' },
    );
    await expect(
      grpcCall(exports.client, 'createDownloadLink', { userId: OWNER, exportId: started.exportId }).then(({ token }) =>
        exports.read(token, OWNER),
      ),
    ).rejects.toThrow(NotFoundError);
    await expect(
      grpcCall(exports.client, 'cancelExport', { userId: OWNER, exportId: started.exportId }),
    ).rejects.toThrow(ConflictError);
    // The worker dropped its partial file: nothing of this export is left in the store.
    await waitFor(async () => !(await readdir(blobDir)).includes(started.exportId), {
      description: 'no file for the cancelled export',
    });
  });

  it('runs again by itself after its search did not answer, and succeeds without failing', async () => {
    const started = await start('req-fail-once', ExportFormat.EXPORT_FORMAT_CSV);
    const done = await exports.until(OWNER, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED);
    expect(done.attempts).toBe(2);
    expect(done.error).toBe('');
    expect(parse(await exports.download(OWNER, started.exportId), { columns: true })).toHaveLength(30);
    await waitFor(() => completed.some((e) => e.exportId === started.exportId && e.succeeded), {
      timeoutMs: 30_000,
      description: 'the success event',
    });
    expect(completed.filter((e) => e.exportId === started.exportId && !e.succeeded)).toEqual([]);
  });

  it('a failed export says why, emits exports.completed.v1, and a retry runs it again as the same export', async () => {
    // Its search fails twice: the run and the one retry the suite allows.
    const started = await start('req-fail-twice', ExportFormat.EXPORT_FORMAT_CSV);
    const failed = await exports.until(OWNER, started.exportId, ExportStatus.EXPORT_STATUS_FAILED);
    expect(failed.error).toBe('the index is being swapped');
    await waitFor(
      () =>
        completed.some(
          (e) => e.exportId === started.exportId && !e.succeeded && e.error === 'the index is being swapped',
        ),
      { timeoutMs: 30_000, description: 'the failure event' },
    );

    const retried = (await grpcCall(exports.client, 'retryExport', { userId: OWNER, exportId: started.exportId }))
      .export!;
    expect(retried).toMatchObject({
      exportId: started.exportId,
      processId: started.processId,
      status: ExportStatus.EXPORT_STATUS_QUEUED,
    });
    const done = await exports.until(OWNER, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED);
    expect(done.attempts).toBe(3);
    expect(parse(await exports.download(OWNER, started.exportId), { columns: true })).toHaveLength(30);
    const event = await waitFor(() => completed.find((e) => e.exportId === started.exportId && e.succeeded), {
      timeoutMs: 30_000,
      description: 'the success event',
    });
    // The address given at the start is kept across the retry, for the alerts service's e-mail.
    expect(event).toMatchObject({
      workspaceId: WS,
      userId: OWNER,
      userEmail: `${OWNER}@example.test`,
      requestId: 'req-fail-twice',
      processId: started.processId,
      fileName: done.fileName,
      size: done.size,
    });
    expect(event.expiresAt!.getTime()).toBe(done.expiresAt!.getTime());
    await expect(
      grpcCall(exports.client, 'retryExport', { userId: OWNER, exportId: started.exportId }),
    ).rejects.toThrow(ConflictError);
  });

  it('per-user limits: a third concurrent export is refused with the limit named', async () => {
    const user = 'user-limits';
    upstream.workspaces.get(WS)!.members.add(user);
    const first = await start('req-slow', ExportFormat.EXPORT_FORMAT_CSV, NO_OPTIONS, user);
    const second = await start('req-slow', ExportFormat.EXPORT_FORMAT_JSONL, NO_OPTIONS, user);
    await expect(start('req-40', ExportFormat.EXPORT_FORMAT_CSV, NO_OPTIONS, user)).rejects.toThrow(
      /already have 2 exports running \(the limit is 2\)/,
    );
    const list = await grpcCall(exports.client, 'listExports', { userId: user, limit: 0, cursor: '', workspaceId: '' });
    expect(list.exports.map((e) => e.exportId)).toEqual([second.exportId, first.exportId]);
    expect(list.limits).toEqual({ maxConcurrent: 2, running: 2, maxStored: 40, stored: 0 });
    for (const e of [first, second])
      await grpcCall(exports.client, 'cancelExport', { userId: user, exportId: e.exportId });
    // The next page starts after the cursor it was given; a cursor made up by hand names the field.
    const page = await grpcCall(exports.client, 'listExports', { userId: user, limit: 1, cursor: '', workspaceId: '' });
    const after = await grpcCall(exports.client, 'listExports', {
      userId: user,
      limit: 1,
      cursor: page.nextCursor,
      workspaceId: '',
    });
    expect(after.exports.map((e) => e.exportId)).toEqual([first.exportId]);
    for (const cursor of ['zzzz', 'ffffffff-ffff-ffff-ffff-ffffffffffff', `${first.exportId}x`]) {
      await expect(
        grpcCall(exports.client, 'listExports', { userId: user, limit: 1, cursor, workspaceId: '' }),
      ).rejects.toThrow(/invalid cursor/);
    }
  });
});

describe('access and downloads', () => {
  it('only members start or download; anyone else gets NOT_FOUND, as for an export that does not exist', async () => {
    await expect(start('req-40', ExportFormat.EXPORT_FORMAT_CSV, NO_OPTIONS, STRANGER)).rejects.toThrow(NotFoundError);
    await expect(
      grpcCall(exports.client, 'estimateExport', {
        target: { workspaceId: WS, requestId: '' },
        format: ExportFormat.EXPORT_FORMAT_ZIP,
        options: NO_OPTIONS,
        userId: STRANGER,
      }),
    ).rejects.toThrow(NotFoundError);
    const { record } = await exportFile('req-40', ExportFormat.EXPORT_FORMAT_CSV);
    await expect(exports.get(STRANGER, record.exportId)).rejects.toThrow(NotFoundError);
    const { token } = await grpcCall(exports.client, 'createDownloadLink', {
      userId: OWNER,
      exportId: record.exportId,
    });
    // Another member may follow the link; a stranger with the same link may not.
    expect((await exports.read(token, MEMBER)).length).toBe(Number(record.size));
    await expect(grpcCall(exports.client, 'getDownload', { token, userId: STRANGER })).rejects.toThrow(
      new NotFoundError('no such download'),
    );
    await expect(exports.read(token, STRANGER)).rejects.toThrow(NotFoundError);
    // A token changed by hand is refused.
    const forged = token.replace(
      /^[^.]+/,
      Buffer.from(`${record.exportId}.${Date.now() + 1e12}`).toString('base64url'),
    );
    await expect(grpcCall(exports.client, 'getDownload', { token: forged, userId: OWNER })).rejects.toThrow(
      NotFoundError,
    );
    await expect(start('req-query', ExportFormat.EXPORT_FORMAT_XLSX)).rejects.toThrow(InputError);
  });

  it('whoever may run what is exported may export it; a viewer is refused, and nobody else sees anything', async () => {
    const [editor, viewer] = [uniqueName('editor'), uniqueName('viewer')];
    const ws = uniqueName('ws-roles');
    upstream.addWorkspace(ws, 'Roles', [editor], [viewer]);
    upstream.addSearch(ws, 'roles-search', 'rows:5', 5);
    const target = { workspaceId: ws, requestId: 'roles-search' };
    const viewersMessage =
      'viewers cannot export from this workspace: ' +
      'an export runs its searches and questions again, which only owners and editors may do';
    // The estimate and the start answer alike.
    await expect(
      grpcCall(exports.client, 'estimateExport', {
        target,
        format: ExportFormat.EXPORT_FORMAT_CSV,
        options: NO_OPTIONS,
        userId: viewer,
      }),
    ).rejects.toThrow(new NotAllowedError(viewersMessage));
    await expect(start('roles-search', ExportFormat.EXPORT_FORMAT_CSV, NO_OPTIONS, viewer, ws)).rejects.toThrow(
      new NotAllowedError(viewersMessage),
    );
    expect(
      (await grpcCall(exports.client, 'listExports', { userId: viewer, limit: 0, cursor: '', workspaceId: '' }))
        .exports,
    ).toEqual([]);

    const started = await start('roles-search', ExportFormat.EXPORT_FORMAT_CSV, NO_OPTIONS, editor, ws);
    const done = await exports.until(editor, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED);
    const { token } = await grpcCall(exports.client, 'createDownloadLink', { userId: editor, exportId: done.exportId });
    // A viewer holding the genuine link: nothing, in the words of an unknown link.
    await expect(grpcCall(exports.client, 'getDownload', { token, userId: viewer })).rejects.toThrow(
      new NotFoundError('no such download'),
    );

    // Removed from the workspace: the editor's own export, its list entry and its link are gone for them too.
    upstream.workspaces.get(ws)!.members.delete(editor);
    await expect(exports.get(editor, done.exportId)).rejects.toThrow(new NotFoundError('no such export'));
    expect(
      (await grpcCall(exports.client, 'listExports', { userId: editor, limit: 0, cursor: '', workspaceId: '' }))
        .exports,
    ).toEqual([]);
    await expect(grpcCall(exports.client, 'getDownload', { token, userId: editor })).rejects.toThrow(
      new NotFoundError('no such download'),
    );
    await expect(
      grpcCall(exports.client, 'createDownloadLink', { userId: editor, exportId: done.exportId }),
    ).rejects.toThrow(new NotFoundError('no such export'));
  });

  it('a signed link describes the file and serves any byte range of it', async () => {
    const { record, bytes } = await exportFile('req-250', ExportFormat.EXPORT_FORMAT_CSV);
    const { token, expiresAt } = await grpcCall(exports.client, 'createDownloadLink', {
      userId: OWNER,
      exportId: record.exportId,
    });
    const described = await grpcCall(exports.client, 'getDownload', { token, userId: OWNER });
    expect(described).toMatchObject({
      exportId: record.exportId,
      fileName: record.fileName,
      contentType: 'text/csv; charset=utf-8',
      size: String(bytes.length),
    });
    expect(described.sha256).toMatch(/^[0-9a-f]{64}$/);
    // 30 days by default.
    expect(Math.round((expiresAt!.getTime() - record.finishedAt!.getTime()) / 86_400_000)).toBe(30);
    expect(await exports.read(token, OWNER, { offset: 100, length: 50 })).toEqual(bytes.subarray(100, 150));
    expect(await exports.read(token, OWNER, { offset: bytes.length - 10, length: 0 })).toEqual(
      bytes.subarray(bytes.length - 10),
    );
    expect(await exports.read(token, OWNER, { offset: bytes.length - 10, length: 1000 })).toEqual(
      bytes.subarray(bytes.length - 10),
    );
    await expect(exports.read(token, OWNER, { offset: bytes.length, length: 1 })).rejects.toThrow(InputError);
  });
});
