import {
  createKafka,
  documentChangeRefs,
  ensureTopics,
  EventPublisher,
  newEventFields,
  renameTopic,
  topics,
} from '@docket/events';
import type { DocumentIngested, DocumentUpdated } from '@docket/proto/src/document-events';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { DOCUMENT_VIEW_CHANGED_TTL_MS, DOCUMENT_VIEW_TTL_MS } from '../../src/documents/recent-document-views';
import type { DocumentChangeTopics } from '../../src/events/document-changes.listener';
import { docketFixture, FakeBackends, pagedDocumentFixture, sourceFixture } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(90_000);

const ADMIN_PASSWORD = 'admin password for tests';
const DOCUMENT_PATH = '/api/documents/doc-heard?page=1&pages=5';

/** Documents the BFF keeps, as they hear (real Kafka) or do not hear the documents service's events. */
describe("BFF document views and the documents service's events", () => {
  const { logger, lines } = capturingLogger();
  const fakes = new FakeBackends();
  const kafka = createKafka({ clientId: uniqueName('bff-test'), brokers: testInfraEnv().kafkaBrokers, logger });
  const publisher = new EventPublisher(kafka, logger);
  const ingestedTopic = `${uniqueName('bff-views')}.ingested.v1`;
  const updatedTopic = `${uniqueName('bff-views')}.updated.v1`;
  // The BFF reads these two without their text; the events are published whole, as the documents service does.
  const changeTopics: DocumentChangeTopics = {
    ingested: renameTopic(documentChangeRefs.ingested, ingestedTopic),
    updated: renameTopic(documentChangeRefs.updated, updatedTopic),
    deleted: renameTopic(topics.documentDeleted, `${uniqueName('bff-views')}.deleted.v1`),
  };
  const published = {
    ingested: renameTopic(topics.documentIngested, ingestedTopic),
    updated: renameTopic(topics.documentUpdated, updatedTopic),
  };
  let bff: RunningBff;
  let reader: BrowserClient;

  beforeAll(async () => {
    await ensureTopics(kafka, Object.values(changeTopics));
    await publisher.connect();
    fakes.documents.set('doc-heard', pagedDocumentFixture('doc-heard', []));
    const target = await fakes.start(logger);
    const adminEmail = `${uniqueName('admin')}@example.com`;
    bff = await startTestBff(
      testConfig(
        { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, KAFKA_BROKERS: testInfraEnv().kafkaBrokers.join(',') },
        target,
      ),
      logger,
      { documentChangeTopics: changeTopics },
    );
    reader = new BrowserClient(bff.url);
    expect((await reader.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    await waitFor(() => lines.some((line) => String(line.msg).startsWith('hearing document changes')), {
      timeoutMs: 45_000,
      description: 'the BFF to hear document changes',
    });
  });

  afterAll(async () => {
    await bff?.stop();
    await fakes.stop();
    await publisher.disconnect();
  });

  async function readDocument(): Promise<{ title: string; text: string }> {
    const res = await reader.get(DOCUMENT_PATH);
    expect(res.status).toBe(200);
    return res.body.document;
  }

  it('keeps a document nothing changed past the short TTL; rereads it once its docket gets a filing', async () => {
    await readDocument();
    const calls = fakes.getDocumentCalls;
    const firstReadAt = Date.now();
    // Read it again and again until well past the time a view lives when nothing is heard.
    await waitFor(
      async () => {
        await readDocument();
        return Date.now() - firstReadAt > DOCUMENT_VIEW_TTL_MS * 1.5;
      },
      { timeoutMs: 20_000, intervalMs: 100, description: `${DOCUMENT_VIEW_TTL_MS * 1.5} ms of reads` },
    );
    expect(fakes.getDocumentCalls).toBe(calls);

    const filing: DocumentIngested = {
      ...newEventFields(),
      documentId: uniqueName('doc'),
      title: 'A new filing on the docket',
      text: 'text',
      sourceId: sourceFixture().id,
      docketNumber: 'ER24-1-000',
      filingType: 'Motion',
      filingCategory: 'Motion',
      sha256: 'a'.repeat(64),
      filers: [],
      parties: [],
      description: '',
      language: 'en',
      docketId: docketFixture().id,
      sourceName: sourceFixture().name,
      entities: [],
      pages: [],
    };
    await publisher.publish(published.ingested, filing);
    // The docket's count moved: read afresh at most DOCUMENT_VIEW_CHANGED_TTL_MS later.
    await waitFor(
      async () => {
        await readDocument();
        return fakes.getDocumentCalls > calls;
      },
      {
        timeoutMs: DOCUMENT_VIEW_CHANGED_TTL_MS + 20_000,
        intervalMs: 100,
        description: 'the document read afresh after its docket changed',
      },
    );
  });

  it('tells the documents service that users are active, also when it answers a read from what it keeps', async () => {
    await readDocument();
    const calls = fakes.getDocumentCalls;
    const notes = fakes.userActivityNotes;
    await waitFor(
      async () => {
        await readDocument();
        return fakes.userActivityNotes > notes;
      },
      { timeoutMs: 20_000, intervalMs: 50, description: 'NoteUserActivity after reads answered by the BFF alone' },
    );
    expect(fakes.getDocumentCalls).toBe(calls);
  });

  it('shows a document updated elsewhere', async () => {
    await readDocument();
    const document = fakes.documents.get('doc-heard')!;
    fakes.documents.set('doc-heard', { ...document, title: 'Amended testimony of Jane Roe' });
    const updated: DocumentUpdated = {
      ...newEventFields(),
      documentId: 'doc-heard',
      title: 'Amended testimony of Jane Roe',
      text: document.text,
      sourceId: document.sourceId,
      docketNumber: document.docketNumber,
      filingType: document.filingType,
      filingCategory: document.filingCategory,
      sha256: document.sha256,
      filers: document.filers,
      parties: [],
      description: document.description,
      language: 'en',
      docketId: document.docketId,
      sourceName: sourceFixture().name,
      entities: [],
      pages: [],
    };
    await publisher.publish(published.updated, updated);
    await waitFor(async () => (await readDocument()).title === 'Amended testimony of Jane Roe', {
      timeoutMs: 20_000,
      intervalMs: 100,
      description: 'the updated title',
    });
  });
});
