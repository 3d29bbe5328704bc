import { MjmlTemplate } from '../../src/delivery/email/email-renderer';
import {
  ExportEmailBuilder,
  exportPagePath,
  formatOf,
  humanSize,
  type ExportEmailView,
} from '../../src/delivery/email/export-email';
import { deliveryKeys, type DeliveryRecord, type ExportSummary } from '../../src/domain/delivery';

const APP = 'https://docket.example.test';
let builder: ExportEmailBuilder;

beforeAll(async () => {
  builder = new ExportEmailBuilder({
    appUrl: APP,
    messageIdDomain: 'docket.example.test',
    template: MjmlTemplate.load<ExportEmailView>('export-email'),
  });
});

function delivery(summary: Partial<ExportSummary>, key = 'export:e1:email'): DeliveryRecord {
  return {
    key,
    kind: 'export',
    channel: 'email',
    status: 'pending',
    ownerUserId: 'u1',
    ownerEmail: 'ana@example.test',
    alertIds: [],
    endpointId: '',
    hitIds: [],
    hitGroup: '',
    sections: [],
    documentCount: 0,
    label: 'export',
    attempts: 0,
    error: '',
    createdAt: new Date(),
    export: {
      exportId: 'e1',
      processId: 'p1',
      workspaceId: 'ws 1',
      requestId: 'r1',
      title: 'Search “tariff” — XLSX',
      fileName: 'search-tariff.xlsx',
      size: 1536,
      succeeded: true,
      expiresAt: new Date('2026-12-25T10:00:00Z'),
      error: '',
      ...summary,
    },
  };
}

it('sizes, formats and the export page as the export pages show them', () => {
  expect(humanSize(1536)).toBe('2 KB');
  expect(humanSize(3 * 2 ** 20)).toBe('3.0 MB');
  expect(formatOf('search.jsonl')).toBe('JSONL');
  expect(formatOf('no-extension')).toBe('');
  expect(exportPagePath({ exportId: 'e1', workspaceId: 'ws 1', requestId: 'r1' })).toBe(
    '/export/workspace/ws%201/request/r1?export=e1',
  );
  expect(exportPagePath({ exportId: 'e2', workspaceId: 'w', requestId: '' })).toBe('/export/workspace/w?export=e2');
});

it('a ready export: name, format, size, expiry and its page; the same Message-ID on a repeat', () => {
  const mail = builder.build(delivery({}));
  expect(mail).toMatchObject({
    to: 'ana@example.test',
    subject: 'Export ready: Search “tariff” — XLSX',
    headers: { 'X-Docket-Delivery': 'export:e1:email' },
  });
  expect(mail.text).toContain('Format: XLSX');
  expect(mail.text).toContain('Size: 2 KB');
  expect(mail.text).toContain('Available until: 25 Dec 2026');
  expect(mail.text).toContain(`Open the download page: ${APP}/export/workspace/ws%201/request/r1?export=e1`);
  expect(mail.html).toContain('search-tariff.xlsx');
  expect(builder.build(delivery({})).messageId).toBe(mail.messageId);
});

it('a failed export says why and links to retry; each failure has its own key', () => {
  const key = deliveryKeys.exportEmail('e1', false, 'event-7');
  expect(key).toBe('export:e1:failed:event-7:email');
  const mail = builder.build(
    delivery({ succeeded: false, error: 'the index is <being> swapped', size: 0, expiresAt: undefined }, key),
  );
  expect(mail.subject).toBe('Export failed: Search “tariff” — XLSX');
  expect(mail.text).toContain('Why: the index is <being> swapped');
  expect(mail.text).toContain(`Retry the export: ${APP}/export/workspace/ws%201/request/r1?export=e1`);
  expect(mail.html).toContain('the index is &lt;being&gt; swapped');
  expect(mail.text).not.toContain('Size:');
});

it('refuses a delivery without its export, naming it', () => {
  const { export: _none, ...bare } = delivery({});
  expect(() => builder.build(bare)).toThrow('delivery export:e1:email is an export e-mail without its export');
});
