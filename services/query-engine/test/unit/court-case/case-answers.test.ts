import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerCaseQuestion } from '../../../src/ask/court-case-reader';
import type { IndexedDocument } from '../../../src/domain/indexed-document';
import { queryBudget } from '../../../src/search/index/query-budget';
import { SqliteFts5Backend } from '../../../src/search/index/sqlite/sqlite-fts5.backend';

/**
 * Questions about a court case answered from its docket as the documents service indexes it: a
 * docket report (one "Label: value" line a fact, then its parties) and one document per entry whose
 * text opens with its place in the docket. Two cases, so the one named is the one answered.
 */
const REPORT = [
  'Case: Creative Internet Advertising Corp. v. Yahoo! Inc',
  'Docket number: 6:07-cv-00354-JDL',
  'Court: U.S. District Court for the Eastern District of Texas',
  'Assigned to: Judge John D. Love',
  'Date filed: 2007-07-26',
  'Date terminated: 2011-03-08',
  'Nature of suit: 830 Patent',
  'Cause: 35:271 Patent Infringement',
  'Jurisdiction: Federal Question',
  'Jury demand: Both',
  '',
  'Parties',
  'Plaintiff: Creative Internet Advertising Corporation, represented by Eric M. Albritton; Thomas John Ward, Jr.',
  'Defendant: Yahoo! Inc., represented by Jennifer H. Doan; Michael E. Jones',
  'Defendant: Google Inc. (terminated 2008-02-01)',
  '',
  'Entries: 3',
].join('\n');

const OTHER = [
  'Case: Balbo v. Tilton',
  'Docket number: 3:08-cv-00159',
  'Court: U.S. District Court for the Eastern District of California',
  'Date filed: 2008-01-11',
  '',
  'Parties',
  'Petitioner: Frank Balbo',
  '',
  'Entries: 0',
].join('\n');

function filing(
  id: string,
  title: string,
  text: string,
  docketNumber: string,
  filedAt: string,
  filingType = 'Other',
): IndexedDocument {
  return {
    id,
    title,
    text,
    description: '',
    sourceId: 'us-courts',
    sourceName: 'U.S. federal courts',
    docketNumber,
    docketId: `d-${docketNumber}`,
    filingType,
    filingCategory: 'Other',
    filedAt: new Date(`${filedAt}T00:00:00Z`),
    parties: [],
    filers: [],
    entities: [],
    pages: [],
    sha256: id,
  };
}

const entry = (n: string, filed: string, words: string) =>
  filing(
    `entry-${n}`,
    words.slice(0, 40),
    `Creative Internet Advertising Corp. v. Yahoo! Inc, No. 6:07-cv-00354-JDL, ` +
      `docket entry ${n}, filed ${filed}\n\n${words}`,
    '6:07-cv-00354-JDL',
    filed,
  );

let dir: string;
let index: SqliteFts5Backend;
const budget = () => queryBudget(10_000);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-court-case-'));
  index = SqliteFts5Backend.open(join(dir, 'index.sqlite'), { threads: 1 });
  for (const document of [
    filing(
      'report',
      'Creative Internet Advertising Corp. v. Yahoo! Inc: docket report',
      REPORT,
      '6:07-cv-00354-JDL',
      '2011-03-08',
      'Docket',
    ),
    filing('other-report', 'Balbo v. Tilton: docket report', OTHER, '3:08-cv-00159', '2008-01-11', 'Docket'),
    entry(
      '1',
      '2007-07-26',
      'COMPLAINT against Yahoo! Inc. (Filing fee $ 350.) filed by Creative Internet Advertising Corporation.',
    ),
    entry('12', '2007-09-14', 'ANSWER to Complaint with Counterclaim by Yahoo! Inc.. (Jones, Michael)'),
    entry('2', '2011-03-08', 'FINAL JUDGMENT. Signed by Judge John D. Love on 3/8/11.'),
    entry('3', '2011-03-08', 'ORDER closing the case. Signed by Judge John D. Love on 3/8/11.'),
  ])
    await index.upsert(document);
});

afterAll(async () => {
  await index.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = async (question: string) => {
  const answer = await answerCaseQuestion(index, question, budget);
  const sentences = answer?.analysis.sections.flatMap((s) => s.sentences) ?? [];
  return {
    answer,
    text: sentences.map((s) => s.text).join(' '),
    quotes: sentences.flatMap((s) => s.citations.map((c) => c.quote)),
  };
};

describe('questions about a court case, answered from its docket', () => {
  it('names the judge of a case named by its name, citing the header line', async () => {
    const { answer, text, quotes } = await ask(
      'Which judge is assigned to Creative Internet Advertising Corp. v. Yahoo?',
    );
    expect(text).toBe('The case is assigned to Judge John D. Love.');
    expect(quotes).toEqual(['Assigned to: Judge John D. Love']);
    expect(answer?.analysis.scope).toMatchObject({
      kind: 'proceeding',
      docketNumber: '6:07-cv-00354-JDL',
      title: 'Creative Internet Advertising Corp. v. Yahoo! Inc',
    });
  });

  it('finds the case by its docket number too, and states its dates', async () => {
    expect((await ask('When was 6:07-cv-00354-JDL filed?')).text).toBe('The case was filed on July 26, 2007.');
    expect((await ask('When was case 6:07-cv-00354-JDL terminated?')).text).toBe(
      'The case was terminated on March 8, 2011.',
    );
    const open = await ask('When was Balbo v. Tilton terminated?');
    expect(open.text).toBe('');
    expect(open.answer?.analysis.notice).toMatch(/states no date terminated/u);
  });

  it('states the nature of suit, cause, jurisdiction and jury demand', async () => {
    expect((await ask('What is the nature of suit in Creative Internet Advertising v. Yahoo?')).text).toBe(
      'Its nature of suit is 830 Patent.',
    );
    expect((await ask('What is the cause of action in Creative Internet Advertising v. Yahoo?')).text).toBe(
      'The cause of action is 35:271 Patent Infringement.',
    );
    expect((await ask('What is the jurisdiction of Creative Internet Advertising v. Yahoo?')).text).toMatch(
      /Federal Question/u,
    );
    expect((await ask('Did anyone demand a jury in Creative Internet Advertising v. Yahoo?')).text).toBe(
      'Jury demand: Both.',
    );
  });

  it("lists the parties with their roles, one role when asked, and a party's attorneys", async () => {
    expect((await ask('Who are the parties in Creative Internet Advertising v. Yahoo?')).text).toBe(
      'Creative Internet Advertising Corporation is the plaintiff. ' +
        'The defendants are Yahoo! Inc. and Google Inc. (terminated February 1, 2008).',
    );
    const defendants = await ask('Who are the defendants in Creative Internet Advertising v. Yahoo?');
    expect(defendants.text).toBe('The defendants are Yahoo! Inc. and Google Inc. (terminated February 1, 2008).');
    expect(defendants.quotes).toHaveLength(2);
    const counsel = await ask('Who represents Yahoo in Creative Internet Advertising v. Yahoo?');
    expect(counsel.text).toBe('Yahoo! Inc. (defendant) is represented by Jennifer H. Doan and Michael E. Jones.');
    expect(counsel.quotes).toEqual(['Defendant: Yahoo! Inc., represented by Jennifer H. Doan; Michael E. Jones']);
  });

  it("quotes entry N and the latest entry (the newest day's highest number), citing the entry", async () => {
    const twelve = await ask('What is docket entry 12 in Creative Internet Advertising v. Yahoo?');
    expect(twelve.text).toBe(
      'Docket entry 12, filed September 14, 2007, reads: ' +
        'ANSWER to Complaint with Counterclaim by Yahoo! Inc.. (Jones, Michael)',
    );
    expect(twelve.answer?.documents.map((d) => d.id)).toEqual(['report', 'entry-12']);
    const latest = await ask('What is the latest entry in Creative Internet Advertising v. Yahoo?');
    expect(latest.text).toMatch(/^The latest entry is docket entry 3, filed March 8, 2011: ORDER closing the case/u);
    expect(latest.quotes[0]).toMatch(/^ORDER closing the case/u);
    expect(
      (await ask('What is docket entry 99 in Creative Internet Advertising v. Yahoo?')).answer?.analysis.notice,
    ).toMatch(/has no entry 99/u);
  });

  it('leaves a question that names no known case, or asks nothing of one, to the ordinary answer', async () => {
    expect((await ask('Who is the judge in Smith v. Jones?')).answer).toBeUndefined();
    expect((await ask('What did Yahoo argue about the patent?')).answer).toBeUndefined();
  });
});
