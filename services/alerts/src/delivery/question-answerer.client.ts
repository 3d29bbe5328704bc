import type { ChannelCredentials } from '@grpc/grpc-js';
import { QueryServiceClient } from '@docket/proto/src/queries';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import type { QuestionAnswerer } from './delivery-jobs';

/** A digest waits this long for an answer, then goes without it. */
const ANSWER_DEADLINE_MS = 20_000;

/**
 * Digest answers from the query-engine's QueryService.AnswerOverDocuments: extractive, over just the
 * alert's new documents, every sentence citing the documents it was taken from.
 */
export class QueryEngineAnswerer implements QuestionAnswerer {
  private readonly client: QueryServiceClient;

  constructor(target: string, credentials: ChannelCredentials) {
    this.client = new QueryServiceClient(target, credentials, GRPC_CLIENT_OPTIONS);
  }

  async answer(question: string, documentIds: string[]): Promise<Array<{ text: string; documentIds: string[] }>> {
    if (!question || documentIds.length === 0) return [];
    const { analysis } = await grpcCall(
      this.client,
      'answerOverDocuments',
      { question, documentIds },
      { deadlineMs: ANSWER_DEADLINE_MS },
    );
    return (analysis?.sections ?? []).flatMap((section) =>
      section.sentences.map((sentence) => ({
        text: sentence.text,
        documentIds: [...new Set(sentence.citations.map((c) => c.documentId))],
      })),
    );
  }

  close(): void {
    this.client.close();
  }
}
