import { AnalysisWriter, ChatCompletionsClient, WRITER_NOTICES } from '../../../src/ask/llm';
import { NOTICES, type Analysis } from '../../../src/domain/analysis';
import { courtOpinion, fercNotice, rateCaseDecision, spanOf } from '../analysis/fixtures/filings';
import { completion, FakeChatServer, labelOf, type ChatRequestSeen } from './support/fake-chat-server';

const question = 'What rate increase did the commission approve for Pacific Gas and Electric?';
const documents = [rateCaseDecision, fercNotice, courtOpinion].map((document, rank) => ({
  document,
  score: 1 / (61 + rank),
}));
const APPROVED = 'The Commission approves a revenue requirement increase of $1.1 billion';
const TRANSMISSION = 'transmission revenue requirement of $2,315,000,000';

function sentences(analysis: Analysis) {
  return analysis.sections.flatMap((s) => s.sentences);
}

describe('AnalysisWriter', () => {
  const server = new FakeChatServer();
  let writer: AnalysisWriter;
  let baseUrl = '';
  const warnings: string[] = [];

  beforeAll(async () => {
    baseUrl = await server.start();
    writer = new AnalysisWriter({
      chat: new ChatCompletionsClient({ baseUrl, model: 'fake-llm', timeoutMs: 5_000 }),
      logger: { warn: (_details, message) => warnings.push(message) },
    });
  });
  afterAll(() => server.stop());

  /** Answers with `write(request)`, where passage labels are looked up in the prompt the writer sent. */
  function answerWith(write: (p: (text: string) => string, request: ChatRequestSeen) => string) {
    server.reply = (request) => ({
      body: completion(
        write((text) => labelOf(request, text), request),
        'fake-llm-7b',
      ),
    });
  }

  it('keeps generated sentences whose citations check out, citing the exact supporting sentence', async () => {
    answerWith((p) =>
      [
        `The Commission approved a revenue requirement increase of $1.1 billion for Pacific Gas and ` +
          `Electric Company for test year 2023 [${p(APPROVED)}].`,
        `That is an increase of 8.1 percent over the 2022 authorized revenue requirement [${p(APPROVED)}].`,
        `Separately, PG&E asked FERC for a transmission revenue requirement of $2,315,000,000, ` +
          `a 4.6% increase [${p(TRANSMISSION)}].`,
      ].join(' '),
    );
    const analysis = await writer.write(question, documents, 'generative');
    expect(analysis).toMatchObject({ mode: 'generative', model: 'fake-llm-7b', droppedSentences: 0, notice: '' });
    expect(sentences(analysis)).toHaveLength(3);
    const approvedSentence =
      'The Commission approves a revenue requirement increase of $1.1 billion for Pacific Gas ' +
      'and Electric Company for test year 2023, an increase of 8.1 percent over the 2022 ' +
      'authorized revenue requirement.';
    expect(sentences(analysis)[0]!.citations).toEqual([
      {
        documentId: rateCaseDecision.id,
        ...spanOf(rateCaseDecision, approvedSentence),
        page: 2,
        quote: approvedSentence,
        documentTitle: rateCaseDecision.title,
      },
    ]);
    for (const sentence of sentences(analysis)) {
      for (const c of sentence.citations) {
        const text = [rateCaseDecision, fercNotice, courtOpinion].find((d) => d.id === c.documentId)!.text;
        expect(c.quote).toBe(text.slice(c.start, c.end));
      }
    }
    expect(analysis.keyFacts).toContainEqual(expect.objectContaining({ kind: 'amount', text: '$1.1 billion' }));
    // The prompt numbers the passages and asks for a citation in every sentence.
    const prompt = server.requests.at(-1)!.body.messages;
    expect(prompt[0]!.content).toMatch(/End every sentence with the labels of the passages/);
    expect(prompt[1]!.content).toMatch(
      /^Question: What rate increase did the commission approve for Pacific Gas and Electric\?\n\nPassages:\n\n\[P1\] /,
    );
  });

  it('drops and counts a fabricated number, a missing citation and a non-existent passage', async () => {
    answerWith((p) =>
      [
        `The Commission approved a revenue requirement increase of $1.1 billion for Pacific Gas and ` +
          `Electric Company [${p(APPROVED)}].`,
        `The Commission approved a revenue requirement increase of $1.4 billion for PG&E for ` +
          `test year 2023 [${p(APPROVED)}].`,
        'The decision also lowered the return on equity of Pacific Gas and Electric Company.',
        'The Commission approved a revenue requirement increase of $1.1 billion for ' +
          'Pacific Gas and Electric Company [P99].',
      ].join(' '),
    );
    warnings.length = 0;
    const analysis = await writer.write(question, documents, 'generative');
    expect(analysis).toMatchObject({ mode: 'generative', droppedSentences: 3, notice: '' });
    expect(sentences(analysis).map((s) => s.text)).toEqual([
      'The Commission approved a revenue requirement increase of $1.1 billion for Pacific Gas and Electric Company.',
    ]);
    expect(warnings).toEqual(['generative analysis dropped sentences whose citations did not check out']);
  });

  it('falls back to the extractive analysis, with a notice and the count, when every sentence fails', async () => {
    answerWith(() => 'The Commission approved $9 billion for PG&E [P1]. Rates rose a lot.');
    const analysis = await writer.write(question, documents, 'generative');
    expect(analysis).toMatchObject({
      mode: 'extractive',
      droppedSentences: 2,
      notice: WRITER_NOTICES.allDropped(2),
      model: '',
    });
    expect(sentences(analysis)[0]!.text).toContain('$1.1 billion');
  });

  it('says when the model found no answer in the passages', async () => {
    answerWith(() => 'The passages do not answer the question.');
    await expect(writer.write(question, documents, 'generative')).resolves.toMatchObject({
      mode: 'extractive',
      notice: WRITER_NOTICES.noAnswer,
    });
  });

  it('falls back to the extractive analysis when the endpoint is down', async () => {
    const down = new FakeChatServer();
    const url = await down.start();
    await down.stop();
    const unreachable = new AnalysisWriter({
      chat: new ChatCompletionsClient({ baseUrl: url, model: 'fake-llm', timeoutMs: 2_000 }),
    });
    const analysis = await unreachable.write(question, documents, 'generative');
    expect(analysis.mode).toBe('extractive');
    expect(analysis.notice).toBe(
      WRITER_NOTICES.unavailable(`chat completions at ${url}/v1/chat/completions could not be reached (ECONNREFUSED)`),
    );
    expect(sentences(analysis).length).toBeGreaterThan(0);
  });

  it('falls back when the endpoint answers with an error status', async () => {
    server.reply = () => ({ status: 500, body: { error: { message: 'CUDA out of memory' } } });
    const analysis = await writer.write(question, documents, 'generative');
    expect(analysis).toMatchObject({
      mode: 'extractive',
      notice: expect.stringContaining('answered HTTP 500: CUDA out of memory'),
    });
  });

  it('answers extractively without calling the model when extractive is asked or no model is configured', async () => {
    const before = server.requests.length;
    await expect(writer.write(question, documents, 'extractive')).resolves.toMatchObject({
      mode: 'extractive',
      notice: '',
    });
    expect(server.requests.length).toBe(before);
    const plain = new AnalysisWriter();
    expect(plain.generativeConfigured).toBe(false);
    await expect(plain.write(question, documents, 'generative')).resolves.toMatchObject({
      mode: 'extractive',
      notice: WRITER_NOTICES.notConfigured,
    });
  });

  it('does not call the model when there is nothing to give it', async () => {
    const before = server.requests.length;
    await expect(writer.write(question, [], 'generative')).resolves.toMatchObject({
      mode: 'extractive',
      notice: NOTICES.noDocuments,
    });
    expect(server.requests.length).toBe(before);
  });
});
