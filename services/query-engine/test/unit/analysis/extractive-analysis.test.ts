import {
  analyzeExtractive,
  NOTICES,
  rankSentences,
  type AnalysedDocument,
  type Analysis,
  type RetrievedDocument,
} from '../../../src/domain/analysis';
import {
  courtOpinion,
  fercNotice,
  joinPages,
  rateCaseDecision,
  spanOf,
  type FixtureDocument,
} from './fixtures/filings';

function retrieved(...documents: AnalysedDocument[]): RetrievedDocument[] {
  return documents.map((document, rank) => ({ document, score: 1 / (61 + rank) }));
}

function allSentences(analysis: Analysis) {
  return analysis.sections.flatMap((section) => section.sentences);
}

/** Every claim carries a citation whose quote is exactly its slice of the document and whose page holds it. */
function expectCitationsExact(analysis: Analysis, documents: FixtureDocument[]) {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const citations = [
    ...allSentences(analysis).flatMap((s) => s.citations),
    ...analysis.keyFacts.map((f) => f.citation),
  ];
  for (const sentence of allSentences(analysis)) expect(sentence.citations.length).toBeGreaterThan(0);
  for (const citation of citations) {
    const document = byId.get(citation.documentId)!;
    expect(citation.quote).toBe(document.text.slice(citation.start, citation.end));
    expect(citation.documentTitle).toBe(document.title);
    const page = document.pages[citation.page - 1]!;
    expect(page.number).toBe(citation.page);
    expect(citation.start).toBeGreaterThanOrEqual(page.start);
    expect(citation.start).toBeLessThan(page.end);
  }
}

describe('rankSentences on documents read before', () => {
  const question = 'What rate increase did the commission approve for Pacific Gas and Electric?';
  const quotes = (ranking: ReturnType<typeof rankSentences>) =>
    ranking.ranked.map((s) => s.document.text.slice(s.start, s.end));

  it('ranks a document read again as it did the first time', () => {
    const first = rankSentences(question, retrieved(rateCaseDecision, fercNotice));
    const again = rankSentences(question, retrieved({ ...rateCaseDecision }, { ...fercNotice }));
    expect(quotes(again)).toEqual(quotes(first));
    expect(again.documents.map((d) => d.spans)).toEqual(first.documents.map((d) => d.spans));
  });

  it('reads a document whose text changed since afresh', () => {
    rankSentences(question, retrieved(rateCaseDecision));
    const added = 'The Commission approves a rate increase of $2.5 billion for Pacific Gas and Electric Company.';
    const changed = { ...rateCaseDecision, text: `${added}\n\n${rateCaseDecision.text}` };
    const ranking = rankSentences(question, retrieved(changed));
    expect(quotes(ranking)).toContain(added);
    for (const s of ranking.ranked) expect(s.end).toBeLessThanOrEqual(changed.text.length);
  });
});

describe('analyzeExtractive', () => {
  const approved =
    'The Commission approves a revenue requirement increase of $1.1 billion for Pacific Gas and Electric Company ' +
    'for test year 2023, an increase of 8.1 percent over the 2022 authorized revenue requirement.';
  const restated =
    'The Commission approves a revenue increase of $1.1 billion for PG&E for test year 2023, ' +
    'an increase of 8.1 percent.';

  describe('a rate case question', () => {
    const question = 'What rate increase did the commission approve for Pacific Gas and Electric?';
    const documents = [rateCaseDecision, fercNotice, courtOpinion];
    const analysis = analyzeExtractive(question, retrieved(...documents));

    it('opens with the sentence stating the approved amount, cited at its exact offsets and page', () => {
      expect(analysis).toMatchObject({ mode: 'extractive', model: '', droppedSentences: 0, notice: '' });
      const first = analysis.sections[0]!;
      expect(first.heading).toBe('Key findings');
      const { start, end } = spanOf(rateCaseDecision, approved);
      expect(first.sentences[0]).toEqual({
        text: approved,
        citations: [
          {
            documentId: rateCaseDecision.id,
            start,
            end,
            page: 2,
            quote: approved,
            documentTitle: rateCaseDecision.title,
          },
        ],
      });
    });

    it('cites every sentence and key fact exactly', () => {
      expectCitationsExact(analysis, documents);
      expect(allSentences(analysis).length).toBeGreaterThanOrEqual(3);
      expect(allSentences(analysis).length).toBeLessThanOrEqual(6);
    });

    it('leaves out the near-duplicate restatement that ranks just as high (MMR)', () => {
      const ranking = rankSentences(question, retrieved(...documents));
      const top = ranking.ranked.slice(0, 3).map((s) => s.document.text.slice(s.start, s.end));
      expect(top).toEqual(expect.arrayContaining([approved, restated]));
      const texts = allSentences(analysis).map((s) => s.text);
      expect(texts).toContain(approved);
      expect(texts).not.toContain(restated);
    });

    it('lists the approved amount and percentage as key facts citing the sentence they come from', () => {
      const amount = analysis.keyFacts.find((f) => f.kind === 'amount' && f.text === '$1.1 billion');
      expect(amount).toMatchObject({ normalized: '1100000000', citation: { quote: approved, page: 2 } });
      expect(analysis.keyFacts).toContainEqual(
        expect.objectContaining({ kind: 'percentage', text: '8.1 percent', normalized: '8.1' }),
      );
      expect(analysis.keyFacts).toContainEqual(
        expect.objectContaining({
          kind: 'party',
          normalized: 'Pacific Gas and Electric Company',
          text: 'Pacific Gas and Electric Company',
        }),
      );
      // Kinds come in a fixed order: deadlines, amounts, percentages, dates, parties.
      const order = ['deadline', 'amount', 'percentage', 'date', 'party'];
      const kinds = analysis.keyFacts.map((f) => order.indexOf(f.kind));
      expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    });
  });

  describe('a comment deadline question', () => {
    const documents = [fercNotice, rateCaseDecision, courtOpinion];
    const analysis = analyzeExtractive(
      'When are comments due on the PG&E transmission tariff filing?',
      retrieved(...documents),
    );
    const deadline = 'Comments are due on or before 5:00 pm Eastern Time on March 3, 2025.';

    it('opens with the dates and deadlines section and the comment date sentence', () => {
      expect(analysis.sections[0]!.heading).toBe('Dates and deadlines');
      expect(analysis.sections[0]!.sentences[0]!.citations[0]).toMatchObject({
        documentId: fercNotice.id,
        ...spanOf(fercNotice, deadline),
        page: 1,
      });
      expectCitationsExact(analysis, documents);
    });

    it('lists the comment date as the first deadline, in ISO form', () => {
      const first = analysis.keyFacts.find((f) => f.kind === 'deadline');
      expect(first).toMatchObject({ text: 'March 3, 2025', normalized: '2025-03-03', citation: { quote: deadline } });
      // The date the tariff was submitted is a date, not a deadline.
      expect(analysis.keyFacts).toContainEqual(expect.objectContaining({ kind: 'date', normalized: '2025-02-07' }));
    });
  });

  describe('a question about a court decision', () => {
    const documents = [courtOpinion, fercNotice, rateCaseDecision];
    const analysis = analyzeExtractive('What did the court decide about the incentive adder?', retrieved(...documents));

    it("includes the court's holding, cited on page 2, though it shares no word with the question", () => {
      const holding =
        "We hold that the Commission's orders were arbitrary and capricious because the Commission failed to " +
        "respond to the argument that PG&E's membership is mandatory under California law.";
      const sentence = allSentences(analysis).find((s) => s.text === holding);
      expect(sentence?.citations[0]).toMatchObject({
        documentId: courtOpinion.id,
        page: 2,
        ...spanOf(courtOpinion, holding),
      });
      expectCitationsExact(analysis, documents);
    });

    it('does not quote the caption, the judges line or a citation fragment', () => {
      for (const sentence of allSentences(analysis)) {
        expect(sentence.text).toMatch(/[.!?;:]$/);
        expect(sentence.text).not.toMatch(/^(United States Court of Appeals|Argued|See Cal\. Pub\. Utils\.$)/);
      }
    });
  });

  it('prefers the better-ranked document when two say the same thing', () => {
    const sentence =
      'The Commission approves a settlement that reduces the requested revenue increase to $48.7 million.';
    const first: AnalysedDocument = {
      id: 'a',
      title: 'Order A',
      text: `Background text about the proceeding appears here first. ${sentence}`,
    };
    const second: AnalysedDocument = {
      id: 'b',
      title: 'Order B',
      text: `${sentence} Other text of the second order follows here.`,
    };
    const analysis = analyzeExtractive('What revenue increase did the settlement approve?', retrieved(first, second));
    const cited = allSentences(analysis).filter((s) => s.text === sentence);
    expect(cited).toHaveLength(1);
    expect(cited[0]!.citations[0]!.documentId).toBe('a');
  });

  it('reads only the best documents and the first part of each', () => {
    const filler =
      'The parties exchanged discovery responses on several unrelated accounting issues during the summer. '.repeat(30);
    const late = {
      ...joinPages([`${filler}The Commission approves a vegetation management budget of $310 million.`]),
      id: 'late',
      title: 'Late mention',
    };
    const answer = 'The Commission approves a vegetation management budget of $295 million.';
    const unread = { ...joinPages([answer]), id: 'unread', title: 'Eleventh document' };
    const question = 'What vegetation management budget did the Commission approve?';
    const docs = [
      late,
      ...Array.from({ length: 9 }, (_, i) => ({ ...joinPages([filler]), id: `filler-${i}`, title: 'Filler' })),
      unread,
    ];
    const options = {
      reading: { maxDocuments: 10, maxCharsPerDocument: 2_000 },
      mmr: { lambda: 0.7, limit: 6, duplicateSimilarity: 0.8, minRelativeRelevance: 0.3 },
      mmrPool: 100,
      factSentences: 15,
    };
    const analysis = analyzeExtractive(question, retrieved(...docs), options);
    expect(analysis.sections).toEqual([]);
    expect(analysis.notice).toBe(NOTICES.noSentences);
    // With the whole of the first document read, its late sentence is found.
    const whole = analyzeExtractive(question, retrieved(...docs), {
      ...options,
      reading: { maxDocuments: 10, maxCharsPerDocument: 100_000 },
    });
    expect(allSentences(whole)[0]!.citations[0]!.documentId).toBe('late');
  });

  it('does not answer with service-list boilerplate', () => {
    const certificate =
      'I hereby certify that I have this day served the foregoing document upon each person on the official ' +
      'service list in Docket No. 20-5371.';
    const document: AnalysedDocument = {
      id: 'c',
      title: 'Comments',
      text: `The Company asks for an increase of $2.0 million in Docket No. 20-5371. ${certificate}`,
    };
    const texts = allSentences(
      analyzeExtractive('What increase was requested in docket 20-5371?', retrieved(document)),
    ).map((s) => s.text);
    expect(texts).toEqual(['The Company asks for an increase of $2.0 million in Docket No. 20-5371.']);
  });

  it('does not answer with a witness introducing themself', () => {
    const text =
      'Q. Please state your name. A. I am Rate Analyst for Staff of the Commission, ' +
      'and I am testifying on its behalf in Docket No. 20-5371. ' +
      'Staff of the Commission recommends an increase of no more than $1.1 million.';
    const texts = allSentences(
      analyzeExtractive('What does Staff recommend?', retrieved({ id: 't', title: 'Testimony of Staff', text })),
    ).map((s) => s.text);
    expect(texts).toEqual(['Staff of the Commission recommends an increase of no more than $1.1 million.']);
  });

  it("puts the claims of the party a position question names before the others' claims", () => {
    const others = [
      'Earthjustice argues that the costs of coal plant retirement were not prudently incurred.',
      'Kroger Co. argues that the capital structure is unreasonable for a utility of this size.',
      'Walmart Inc. argues that the demand charges are set too high for large customers.',
    ];
    const staff =
      'Staff of the Commission urges the Commission to reject the proposal concerning storm restoration costs.';
    // Staff is named everywhere (a common word), arguing is rarer.
    const passing = [
      'The workshop on June 3 was attended by Staff and the Company.',
      'Staff served its data requests on the Company in March.',
      'The Company answered the data requests Staff served in April.',
      'Staff and the Company met twice to discuss the schedule.',
    ];
    const documents: AnalysedDocument[] = [
      { id: 'o', title: 'Comments', text: [...others, ...passing].join(' ') },
      { id: 's', title: 'Comments of Staff', text: staff },
    ];
    const ranking = rankSentences('What does Staff argue?', retrieved(...documents));
    const order = ranking.ranked.map((s) => s.document.text.slice(s.start, s.end));
    for (const claim of others)
      expect(order.indexOf(staff)).toBeLessThan(order.indexOf(claim) < 0 ? Infinity : order.indexOf(claim));
    expect(order.indexOf(staff)).toBeGreaterThanOrEqual(0);
  });

  it('says why there is no answer', () => {
    expect(analyzeExtractive('What rate increase was approved?', [])).toMatchObject({
      sections: [],
      keyFacts: [],
      notice: NOTICES.noDocuments,
    });
    expect(analyzeExtractive('What is it?', retrieved(rateCaseDecision))).toMatchObject({
      sections: [],
      notice: NOTICES.noWords,
    });
    expect(analyzeExtractive('sturgeon hatchery permits', retrieved(rateCaseDecision))).toMatchObject({
      sections: [],
      notice: NOTICES.noSentences,
    });
  });
});
