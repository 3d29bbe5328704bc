import type {
  AnalysedDocument,
  Analysis,
  AnalysisSentence,
  KeyFact,
  KeyFactKind,
  QuestionKind,
} from '../analysis-model';
import { citationOf, displayText } from '../citation';
import { filingOf } from '../key-facts';
import { scopeStatement } from '../proceeding/answer-scope';
import { caseEntryOf, type CaseEntry } from './case-entries';
import { partyNamed } from './case-parties';
import type { CaseAsk, CaseFact } from './case-question';
import type { CaseHeaderField, CaseParty, CaseRecord } from './case-record';

export interface CaseAnswerInput {
  ask: CaseAsk;
  record: CaseRecord;
  /** The entry asked for, or the latest ones (latest first); none for the header's facts. */
  entries: readonly AnalysedDocument[];
}

/** How many parties an answer lists (a bankruptcy names hundreds of creditors). */
const MAX_PARTIES = 100;
/** How much of an entry's text an answer quotes. */
const ENTRY_CHARS = 400;

const HEADER_SENTENCES: Record<
  CaseHeaderField,
  { label: string; sentence: (value: string) => string; kind: KeyFactKind }
> = {
  court: { label: 'Court', sentence: (v) => `The case is before the ${v}.`, kind: 'party' },
  judge: { label: 'Judge', sentence: (v) => `The case is assigned to ${v}.`, kind: 'party' },
  referred_judge: { label: 'Referred to', sentence: (v) => `The case is referred to ${v}.`, kind: 'party' },
  date_filed: { label: 'Date filed', sentence: (v) => `The case was filed on ${v}.`, kind: 'date' },
  date_terminated: { label: 'Date terminated', sentence: (v) => `The case was terminated on ${v}.`, kind: 'date' },
  nature_of_suit: { label: 'Nature of suit', sentence: (v) => `Its nature of suit is ${v}.`, kind: 'outcome' },
  cause: { label: 'Cause', sentence: (v) => `The cause of action is ${v}.`, kind: 'outcome' },
  jurisdiction: { label: 'Jurisdiction', sentence: (v) => `The court's jurisdiction rests on: ${v}.`, kind: 'outcome' },
  jury_demand: { label: 'Jury demand', sentence: (v) => `Jury demand: ${v}.`, kind: 'outcome' },
};

const NOT_STATED: Partial<Record<CaseFact, string>> = {
  judge: 'an assigned judge',
  referred_judge: 'a referred judge',
  date_filed: 'a filing date',
  nature_of_suit: 'a nature of suit',
  cause: 'a cause of action',
  jurisdiction: 'a jurisdiction',
  jury_demand: 'a jury demand',
  court: 'its court',
};

/**
 * The answer to a question about one court case, from its docket's structure: each sentence states
 * one fact of the header, a party and its attorneys, or an entry, and cites the line it is read from.
 */
export function answerCase(input: CaseAnswerInput): Analysis {
  const { ask, record } = input;
  const facts: KeyFact[] = [];
  const sentences: AnalysisSentence[] = [];
  let notice = '';
  const say = (
    text: string,
    document: AnalysedDocument,
    start: number,
    end: number,
    fact?: Omit<KeyFact, 'citation' | 'slot' | 'status' | 'filingCategory' | 'filedAt'>,
  ) => {
    const citation = citationOf(document, start, end);
    sentences.push({ text, citations: [citation] });
    if (fact) facts.push({ ...fact, citation, slot: '', status: '', ...filingOf(document) });
  };

  if (ask.fact in HEADER_SENTENCES) {
    const field = ask.fact as CaseHeaderField;
    const line = record.facts[field];
    const { label, sentence, kind } = HEADER_SENTENCES[field];
    if (line) {
      const shown = kind === 'date' ? longDate(line.value) : line.value;
      say(sentence(shown), record.report, line.start, line.end, {
        kind,
        text: shown,
        normalized: line.value,
        label,
        subject: record.caseName,
      });
    } else if (field === 'date_terminated') {
      notice =
        `The docket report of ${record.caseName} states no date terminated: ` +
        `the case was open when the report was made.`;
    } else {
      notice = `The docket report of ${record.caseName} does not state ${NOT_STATED[field] ?? 'that'}.`;
    }
  } else if (ask.fact === 'parties') {
    const parties = partiesOfRole(record.parties, ask.role);
    const listed = parties.slice(0, MAX_PARTIES);
    // One sentence a role, citing each party's line: a case of fifty plaintiffs reads as one list.
    for (const [role, ofRole] of byRole(listed)) {
      const names = ofRole.map((p) => `${p.name}${p.terminated ? ` (terminated ${longDate(p.terminated)})` : ''}`);
      const text =
        ofRole.length === 1
          ? `${names[0]} is the ${role.toLowerCase()}.`
          : `${pluralRole(role)} ${listedNames(names)}.`;
      sentences.push({ text, citations: ofRole.map((p) => citationOf(record.report, p.line.start, p.line.end)) });
      for (const p of ofRole) {
        facts.push({
          kind: 'party',
          text: p.name,
          normalized: p.name,
          label: p.role,
          subject: '',
          citation: citationOf(record.report, p.line.start, p.line.end),
          slot: '',
          status: '',
          ...filingOf(record.report),
        });
      }
    }
    if (parties.length > MAX_PARTIES)
      notice =
        `The docket names ${parties.length} ${ask.role ? `${ask.role}s` : 'parties'}; ` +
        `the first ${MAX_PARTIES} are listed.`;
    if (parties.length === 0) notice = `The docket report of ${record.caseName} names no ${ask.role || 'parties'}.`;
  } else if (ask.fact === 'attorneys') {
    const named = partyNamed(record.parties, ask.partyWords);
    const parties = (named ? [named] : partiesOfRole(record.parties, ask.role)).filter((p) => p.attorneys.length > 0);
    for (const party of parties.slice(0, MAX_PARTIES)) {
      say(
        `${party.name} (${party.role.toLowerCase()}) is represented by ${listedNames(party.attorneys)}.`,
        record.report,
        party.line.start,
        party.line.end,
      );
    }
    if (parties.length === 0) {
      const whom = named?.name ?? (ask.role ? `the ${ask.role}` : 'its parties');
      notice = `The docket report of ${record.caseName} names no attorney for ${whom}.`;
    }
  } else {
    const entries = input.entries.map(caseEntryOf).filter((e): e is CaseEntry => e !== undefined);
    const entry = entries[0];
    if (!entry) {
      notice =
        ask.fact === 'entry'
          ? `The docket of ${record.caseName} in the index has no entry ${ask.entryNumber}.`
          : `The docket of ${record.caseName} in the index has no entries.`;
    } else {
      const what = entry.number ? `docket entry ${entry.number}` : 'an unnumbered docket entry';
      const filed = entry.filed ? `, filed ${longDate(entry.filed)}` : '';
      const opening =
        ask.fact === 'latest_entry' ? `The latest entry is ${what}${filed}` : `${capitalised(what)}${filed}, reads`;
      const end = Math.min(entry.bodyEnd, entry.bodyStart + ENTRY_CHARS);
      const quote = displayText(entry.document.text.slice(entry.bodyStart, end));
      say(`${opening}: ${quote}${end < entry.bodyEnd ? '…' : ''}`, entry.document, entry.bodyStart, end, {
        kind: 'date',
        text: longDate(entry.filed),
        normalized: entry.filed,
        label: entry.number ? `Entry ${entry.number}` : 'Entry',
        subject: record.caseName,
      });
    }
  }

  const scope = {
    kind: 'proceeding' as const,
    docketNumber: record.docketNumber,
    sourceId: record.report.sourceId ?? '',
    sourceName: record.report.sourceName ?? '',
    title: record.caseName,
    party: '',
    statement: '',
  };
  return {
    mode: 'extractive',
    sections: sentences.length > 0 ? [{ heading: 'Answer', sentences }] : [],
    keyFacts: facts,
    model: '',
    droppedSentences: 0,
    notice,
    questionKind: questionKindOf(ask.fact),
    scope: { ...scope, statement: scopeStatement(scope) },
    refinements: [],
  };
}

function partiesOfRole(parties: readonly CaseParty[], role: string): CaseParty[] {
  if (!role) return [...parties];
  return parties.filter((p) => p.role.toLowerCase().includes(role));
}

function questionKindOf(fact: CaseFact): QuestionKind {
  if (fact === 'date_filed' || fact === 'date_terminated') return 'date';
  if (fact === 'judge' || fact === 'referred_judge' || fact === 'parties' || fact === 'attorneys') return 'parties';
  return 'general';
}

/** "2007-07-26" → "July 26, 2007"; anything else as written. */
export function longDate(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(iso)) return iso;
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

function listedNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The parties grouped by role, in the order the docket first names each role. */
function byRole(parties: readonly CaseParty[]): Map<string, CaseParty[]> {
  const groups = new Map<string, CaseParty[]>();
  for (const party of parties) groups.set(party.role, [...(groups.get(party.role) ?? []), party]);
  return groups;
}

/**
 * "Plaintiff" → "The plaintiffs are"; a role of several words ("Debtor In Possession") → "As debtor in possession:".
 */
function pluralRole(role: string): string {
  const lower = role.toLowerCase();
  return /^[a-z-]+$/u.test(lower) ? `The ${lower}${lower.endsWith('s') ? '' : 's'} are` : `As ${lower}:`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
