/**
 * The case questions of `npm run eval:courts`: for each labelled docket, the questions a litigator
 * asks first (which judge, when filed and terminated, nature of suit, cause, jurisdiction, jury
 * demand, who the parties are, who represents a party, what entry N is, the latest entry), naming
 * the case by its name or, every other docket, by its number; asked through the BFF in a workspace
 * and scored on the stored answer the page shows (its sentences and the passages they cite).
 */
import { performance } from 'node:perf_hooks';
import { askInWorkspace, createWorkspace } from '../support/bff-answers';
import type { BffSession } from '../support/bff-session';
import type { StoredQuery } from '../support/page-answer';

export interface LabelledDocket {
  file: string;
  docket_number: string;
  case_name: string;
  date_filed?: string | null;
  date_terminated?: string | null;
  assigned_to_str?: string | null;
  nature_of_suit?: string | null;
  cause?: string | null;
  jurisdiction?: string | null;
  jury_demand?: string | null;
  parties?: Array<{ name: string; type?: string; attorneys?: Array<{ name: string }> }>;
  docket_entries?: Array<{
    date_filed?: string | null;
    document_number?: string | number | null;
    description?: string | null;
  }>;
}

export type CaseQuestionKind =
  | 'judge'
  | 'date_filed'
  | 'date_terminated'
  | 'nature_of_suit'
  | 'cause'
  | 'jurisdiction'
  | 'jury_demand'
  | 'parties'
  | 'attorneys'
  | 'entry'
  | 'latest_entry';

interface CaseQuestion {
  kind: CaseQuestionKind;
  file: string;
  question: string;
  /** Whether the stored answer the page shows answers it. */
  correct(shown: ShownAnswer): boolean;
}

interface ShownAnswer {
  /** The sentences, one text. */
  text: string;
  /** The passages the sentences cite, each one text. */
  quotes: string[];
}

export interface QuestionOutcome {
  kind: CaseQuestionKind;
  file: string;
  question: string;
  correct: boolean;
  ms: number;
  answer: string;
  error?: string;
}

/** Words compared: case, punctuation and honorifics aside. */
const words = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/\b(?:hon|honorable|judge|chief|jr|sr|mr|ms|mrs|dr)\b/gu, ' ')
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim();
/** A labelled attorney's name without the standing ACMS writes after it ("Ms. Inna Lipkin, Counsel"). */
const nameOnly = (name: string) => name.replace(/,\s*(?:[A-Z][a-z]+\s*)*(?:Counsel|Attorney|Esq\.?)$/u, '');
const says = (shown: string, expected: string | null | undefined) =>
  ` ${words(shown)} `.includes(` ${words(expected)} `);
const LONG = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const longDate = (iso: string) => LONG.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The questions of one docket, from its labels alone. */
export function questionsOf(docket: LabelledDocket, byNumber: boolean): CaseQuestion[] {
  const name = byNumber ? `case No. ${docket.docket_number}` : docket.case_name;
  const questions: CaseQuestion[] = [];
  const add = (kind: CaseQuestionKind, question: string, correct: CaseQuestion['correct']) =>
    questions.push({ kind, file: docket.file, question, correct });
  const { assigned_to_str: judge, date_filed: filed, date_terminated: terminated } = docket;
  if (judge) add('judge', `Which judge is assigned to ${name}?`, (a) => says(a.text, judge));
  if (filed) add('date_filed', `When was ${name} filed?`, (a) => a.text.includes(longDate(filed)));
  if (terminated) add('date_terminated', `When was ${name} terminated?`, (a) => a.text.includes(longDate(terminated)));
  for (const [kind, label, value] of [
    ['nature_of_suit', 'the nature of suit', docket.nature_of_suit],
    ['cause', 'the cause of action', docket.cause],
    ['jurisdiction', 'the basis of jurisdiction', docket.jurisdiction],
    ['jury_demand', 'the jury demand', docket.jury_demand],
  ] as const) {
    if (value) add(kind, `What is ${label} in ${name}?`, (a) => says(a.text, value));
  }
  const parties = docket.parties ?? [];
  if (parties.length > 0)
    add(
      'parties',
      `Who are the parties in ${name}?`,
      (a) =>
        partyRecall(
          a.text,
          parties.map((p) => p.name),
        ) >= 0.9,
    );
  const represented = parties.find((p) => (p.attorneys ?? []).length > 0);
  if (represented) {
    const counsel = (represented.attorneys ?? []).map((a) => nameOnly(a.name));
    add('attorneys', `Who represents ${represented.name} in ${name}?`, (a) => partyRecall(a.text, counsel) >= 0.9);
  }
  const entries = (docket.docket_entries ?? []).filter((e) => e.description);
  const numbered = entries.filter(
    (e) => e.document_number !== null && e.document_number !== undefined && String(e.document_number) !== '',
  );
  const middle = numbered[Math.floor(numbered.length / 2)];
  if (middle)
    add('entry', `What is docket entry ${String(middle.document_number)} in ${name}?`, (a) =>
      quotesEntry(a, middle.description ?? ''),
    );
  const last = latest(entries);
  if (last) add('latest_entry', `What is the latest entry in ${name}?`, (a) => quotesEntry(a, last.description ?? ''));
  return questions;
}

/** The share of the names the answer states. */
function partyRecall(text: string, names: readonly string[]): number {
  const wanted = [...new Set(names.map(words).filter(Boolean))];
  if (wanted.length === 0) return 1;
  const shown = ` ${words(text)} `;
  return wanted.filter((name) => shown.includes(` ${name} `)).length / wanted.length;
}

/** The answer cites the entry: a cited passage opens with the entry's first words. */
function quotesEntry(shown: ShownAnswer, description: string): boolean {
  const opening = words(description).split(' ').slice(0, 8).join(' ');
  return shown.quotes.some((quote) => words(quote).startsWith(opening));
}

/** The docket's last entry: its latest day, and that day's highest number (else its last listed). */
function latest<T extends { date_filed?: string | null; document_number?: string | number | null }>(
  entries: readonly T[],
): T | undefined {
  let best: T | undefined;
  for (const entry of entries) {
    const day = (entry.date_filed ?? '').slice(0, 10);
    const bestDay = (best?.date_filed ?? '').slice(0, 10);
    if (
      !best ||
      day > bestDay ||
      (day === bestDay && Number(entry.document_number ?? 0) >= Number(best.document_number ?? 0))
    )
      best = entry;
  }
  return best;
}

function shownOf(query: StoredQuery): ShownAnswer {
  const sentences = query.analysis.sections.flatMap((s) => s.sentences);
  return {
    text: sentences.map((s) => s.text).join(' '),
    quotes: sentences.flatMap((s) => s.citations.map((c) => c.quote)),
  };
}

/** Asks every docket's questions in one workspace, one at a time, and scores each stored answer. */
export async function askCaseQuestions(
  bffUrl: string,
  session: BffSession,
  dockets: readonly LabelledDocket[],
): Promise<QuestionOutcome[]> {
  const workspaceId = await createWorkspace(bffUrl, session, {
    name: 'Court cases',
    description: 'bench/courts.eval.ts',
  });
  const outcomes: QuestionOutcome[] = [];
  for (const [index, docket] of dockets.entries()) {
    for (const question of questionsOf(docket, index % 2 === 1)) {
      const started = performance.now();
      try {
        const { query } = await askInWorkspace(bffUrl, session, workspaceId, { question: question.question });
        const shown = shownOf(query);
        outcomes.push({
          kind: question.kind,
          file: question.file,
          question: question.question,
          correct: question.correct(shown),
          ms: performance.now() - started,
          answer: shown.text || query.analysis.notice,
        });
      } catch (error) {
        outcomes.push({
          kind: question.kind,
          file: question.file,
          question: question.question,
          correct: false,
          ms: performance.now() - started,
          answer: '',
          error: String(error),
        });
      }
    }
  }
  return outcomes;
}
