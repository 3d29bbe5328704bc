import type { Logger } from '@docket/observability';
import { Analysis, QueryServiceService, type AnswerOverDocumentsRequest } from '@docket/proto/src/queries';
import { startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';

/**
 * The query-engine as the alerts service sees it, faked at the wire: AnswerOverDocuments answers every
 * question with one sentence citing the first document it is given, and remembers what it was asked.
 * The service reaches it through QUERY_ENGINE_GRPC, as it reaches the real one.
 */
export class FakeQueryEngine {
  static readonly ANSWER = 'The utility asks for a 4.2% increase.';
  readonly asked: Array<{ question: string; documentIds: string[] }> = [];
  private server: RunningGrpcServer | undefined;

  /** Starts serving on a free loopback port; resolves to its host:port. */
  async start(logger: Logger): Promise<string> {
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [
        {
          definition: QueryServiceService,
          implementation: {
            answerOverDocuments: unary(logger, async (request: AnswerOverDocumentsRequest) => {
              this.asked.push({ question: request.question, documentIds: [...request.documentIds] });
              const sentence = { text: FakeQueryEngine.ANSWER, citations: [{ documentId: request.documentIds[0] }] };
              return {
                analysis: Analysis.fromPartial({ sections: [{ heading: '', sentences: [sentence] }] }),
                missingDocumentIds: [],
              };
            }),
          },
        },
      ],
    });
    this.server.setServing(true);
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(500);
  }
}
