import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { InputError } from '@docket/errors';
import { createLogger } from '@docket/observability';
import { QueryServiceClient } from '@docket/proto/src/queries';
import { grpcCall, startGrpcServer, type RunningGrpcServer } from '@docket/service-kit';
import { DocumentAnswerService } from '../../src/ask/document-answer.service';
import { queryServiceBinding } from '../../src/ask/queries.grpc';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import {
  allFilings,
  courtOpinion,
  fercNotice,
  rateCaseDecision,
  type FixtureDocument,
} from './analysis/fixtures/filings';

/**
 * QueryService.AnswerOverDocuments over a real gRPC connection and SQLite index holding three real
 * filings: the answer cites only the documents it was given, however relevant the others are.
 */
const logger = createLogger('answer-over-documents-test', 'silent');
let dir: string;
let backend: SqliteFts5Backend;
let server: RunningGrpcServer;
let client: QueryServiceClient;

function indexed(filing: FixtureDocument): IndexedDocument {
  return {
    id: filing.id,
    title: filing.title,
    text: filing.text,
    description: '',
    sourceId: filing.sourceId,
    sourceName: filing.sourceName,
    docketNumber: filing.docketNumber,
    docketId: '',
    filingType: filing.filingCategory,
    filingCategory: filing.filingCategory,
    filedAt: filing.filedAt,
    parties: filing.parties,
    filers: filing.filers,
    entities: [],
    pages: filing.pages,
    sha256: `sha-${filing.id}`,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-answer-docs-'));
  backend = SqliteFts5Backend.open(join(dir, 'index.sqlite'), { threads: 1 });
  for (const filing of allFilings) await backend.upsert(indexed(filing));
  server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    // Only the new RPC is called: the ask pipeline's parts are not needed.
    services: [
      queryServiceBinding({
        asker: {} as never,
        queries: {} as never,
        answerModes: {} as never,
        logger,
        documentAnswers: new DocumentAnswerService({ index: backend, budgetMs: 5_000 }),
      }),
    ],
  });
  client = new QueryServiceClient(`127.0.0.1:${server.port}`, credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await server.shutdown(100);
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

const citedIds = (response: {
  analysis?: {
    sections: { sentences: { citations: { documentId: string }[] }[] }[];
    keyFacts: { citation?: { documentId: string } }[];
  };
}) =>
  new Set([
    ...(response.analysis?.sections ?? []).flatMap((section) =>
      section.sentences.flatMap((sentence) => sentence.citations.map((c) => c.documentId)),
    ),
    ...(response.analysis?.keyFacts ?? []).flatMap((fact) => (fact.citation ? [fact.citation.documentId] : [])),
  ]);

describe('QueryService.AnswerOverDocuments', () => {
  it('answers from the given documents only, every sentence cited at its exact place', async () => {
    const question = 'When is the comment deadline and what did the court decide about FERC?';
    // Over every filing, the court's opinion is cited too…
    const everything = await grpcCall(client, 'answerOverDocuments', {
      question,
      documentIds: allFilings.map((f) => f.id),
    });
    expect(citedIds(everything)).toContain(courtOpinion.id);

    // …over the notice and the rate case decision, only they can be cited.
    const response = await grpcCall(client, 'answerOverDocuments', {
      question,
      documentIds: [fercNotice.id, rateCaseDecision.id],
    });
    const sentences = response.analysis!.sections.flatMap((section) => section.sentences);
    expect(sentences.length).toBeGreaterThan(0);
    expect(sentences.every((sentence) => sentence.citations.length > 0)).toBe(true);
    const cited = citedIds(response);
    expect(cited).toContain(fercNotice.id);
    expect(cited).not.toContain(courtOpinion.id);
    const given = new Map([fercNotice, rateCaseDecision].map((filing) => [filing.id, filing]));
    for (const citation of sentences.flatMap((sentence) => sentence.citations)) {
      expect(given.get(citation.documentId)?.text.slice(citation.start, citation.end)).toBe(citation.quote);
    }
    expect(response.missingDocumentIds).toEqual([]);
  });

  it('says which ids the index does not hold, and answers over the others', async () => {
    const response = await grpcCall(client, 'answerOverDocuments', {
      question: 'What did the court decide?',
      documentIds: ['gone-1', courtOpinion.id, 'gone-1', 'gone-2'],
    });
    expect(response.missingDocumentIds).toEqual(['gone-1', 'gone-2']);
    expect(citedIds(response)).toEqual(new Set([courtOpinion.id]));
  });

  it('refuses an empty question, no ids, and more than 50 ids, naming the field', async () => {
    const issues = async (request: { question: string; documentIds: string[] }) =>
      ((await grpcCall(client, 'answerOverDocuments', request).catch((e: unknown) => e)) as InputError).issues;
    expect(await issues({ question: ' ', documentIds: [courtOpinion.id] })).toEqual([
      { path: 'question', message: 'must not be empty' },
    ]);
    expect(await issues({ question: 'What did the court decide?', documentIds: [] })).toEqual([
      { path: 'document_ids', message: 'must list 1 to 50 document ids, got 0' },
    ]);
    const many = Array.from({ length: 51 }, (_, i) => `doc-${i}`);
    expect(await issues({ question: 'What did the court decide?', documentIds: many })).toEqual([
      { path: 'document_ids', message: 'must list 1 to 50 document ids, got 51' },
    ]);
    const error = await grpcCall(client, 'answerOverDocuments', { question: '', documentIds: [] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
  });
});
