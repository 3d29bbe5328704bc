import { checkGeneratedSentence, rankSentences, selectPassages, type Passage } from '../../../src/domain/analysis';
import { courtOpinion, fercNotice, rateCaseDecision, spanOf } from './fixtures/filings';

describe('checkGeneratedSentence', () => {
  const ranking = rankSentences('What rate increase did the commission approve for Pacific Gas and Electric?', [
    { document: rateCaseDecision, score: 1 },
    { document: fercNotice, score: 0.9 },
    { document: courtOpinion, score: 0.8 },
  ]);
  const passages = selectPassages(ranking);
  const byLabel = new Map<string, Passage>(passages.map((p) => [p.label, p]));
  const approvedSentence =
    'The Commission approves a revenue requirement increase of $1.1 billion for Pacific Gas and Electric Company ' +
    'for test year 2023, an increase of 8.1 percent over the 2022 authorized revenue requirement.';
  const label = passages.find((p) => p.text.includes(approvedSentence))!.label;

  it('accepts a paraphrase whose words and numbers the cited passage has; narrows the citation to its sentence', () => {
    const check = checkGeneratedSentence(
      {
        text:
          'The Commission approved a revenue requirement increase of $1,100,000,000 for PG&E for ' +
          'test year 2023, or 8.1 percent.',
        labels: [label],
      },
      byLabel,
    );
    expect(check).toMatchObject({ ok: true });
    if (!check.ok) return;
    expect(check.citations).toEqual([
      {
        documentId: rateCaseDecision.id,
        ...spanOf(rateCaseDecision, approvedSentence),
        page: 2,
        quote: approvedSentence,
        documentTitle: rateCaseDecision.title,
      },
    ]);
  });

  it('rejects a number the passage does not state', () => {
    const check = checkGeneratedSentence(
      {
        text: 'The Commission approved a revenue requirement increase of $1.4 billion for PG&E for test year 2023.',
        labels: [label],
      },
      byLabel,
    );
    expect(check).toEqual({ ok: false, reason: 'number-not-in-passage', detail: `"$1.4 billion" is not in ${label}` });
    const year = checkGeneratedSentence(
      { text: 'The Commission approved a revenue requirement increase for PG&E for test year 2024.', labels: [label] },
      byLabel,
    );
    expect(year).toMatchObject({
      ok: false,
      reason: 'number-not-in-passage',
      detail: expect.stringContaining('"2024"'),
    });
  });

  it('rejects a sentence without a citation, or citing a passage that does not exist', () => {
    expect(
      checkGeneratedSentence({ text: 'The Commission approved an increase of $1.1 billion.', labels: [] }, byLabel),
    ).toMatchObject({ ok: false, reason: 'no-citation' });
    expect(
      checkGeneratedSentence(
        { text: 'The Commission approved an increase of $1.1 billion.', labels: [label, 'P99'] },
        byLabel,
      ),
    ).toEqual({
      ok: false,
      reason: 'unknown-passage',
      detail: `cites P99, which is not one of the ${passages.length} passages`,
    });
  });

  it('rejects a claim the cited passage does not support, even when another passage would', () => {
    const other = passages.find((p) => !p.text.includes('$1.1 billion'))!.label;
    const check = checkGeneratedSentence(
      {
        text: 'The Commission approved a revenue requirement increase of $1.1 billion for test year 2023.',
        labels: [other],
      },
      byLabel,
    );
    expect(check.ok).toBe(false);
  });

  it('cites the whole passage when no single sentence of it supports the claim', () => {
    const check = checkGeneratedSentence(
      {
        text:
          'PG&E requested $3.6 billion, and the Commission approved a revenue requirement increase ' +
          'of $1.1 billion effective January 1, 2023.',
        labels: [label],
      },
      byLabel,
    );
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.citations[0]).toEqual(byLabel.get(label)!.citation);
  });
});
