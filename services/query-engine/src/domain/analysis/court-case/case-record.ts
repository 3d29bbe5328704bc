import type { AnalysedDocument } from '../analysis-model';

/**
 * A court case as its docket report states it in the index: the documents service writes a report
 * it recognised (a PACER or ACMS docket) as one "Label: value" line a fact, then "Parties" and one
 * "Role: Name, represented by A; B (terminated D)" line a party. Each value keeps its place in the
 * text, so an answer cites the very line.
 */
export interface CaseLine {
  /** The value as written ("Judge John D. Love", "2007-07-26"). */
  value: string;
  /** [start, end) of the whole line in the report's text. */
  start: number;
  end: number;
}

export interface CaseParty {
  role: string;
  name: string;
  attorneys: string[];
  terminated: string;
  line: CaseLine;
}

export interface CaseRecord {
  report: AnalysedDocument;
  caseName: string;
  docketNumber: string;
  facts: Partial<Record<CaseHeaderField, CaseLine>>;
  parties: CaseParty[];
}

export type CaseHeaderField =
  | 'court'
  | 'judge'
  | 'referred_judge'
  | 'date_filed'
  | 'date_terminated'
  | 'nature_of_suit'
  | 'cause'
  | 'jurisdiction'
  | 'jury_demand';

const LABELS: Record<string, CaseHeaderField | 'case' | 'docket'> = {
  case: 'case',
  'docket number': 'docket',
  court: 'court',
  'assigned to': 'judge',
  'referred to': 'referred_judge',
  'date filed': 'date_filed',
  'date terminated': 'date_terminated',
  'nature of suit': 'nature_of_suit',
  cause: 'cause',
  jurisdiction: 'jurisdiction',
  'jury demand': 'jury_demand',
};

/** The title the documents service gives a docket report: "<case name>: docket report". */
export const REPORT_TITLE_SUFFIX = ': docket report';

/** Whether a document is a recognised docket report (its text opens with the case's name). */
export function isDocketReport(document: Pick<AnalysedDocument, 'title' | 'text'>): boolean {
  return document.title.endsWith(REPORT_TITLE_SUFFIX) && /^Case: /u.test(document.text);
}

/** The case's header and parties, read from its report's text. */
export function readCaseRecord(report: AnalysedDocument): CaseRecord {
  const record: CaseRecord = {
    report,
    caseName: report.title.slice(0, -REPORT_TITLE_SUFFIX.length),
    docketNumber: report.docketNumber ?? '',
    facts: {},
    parties: [],
  };
  let inParties = false;
  for (const line of linesOf(report.text)) {
    if (line.text === 'Parties') {
      inParties = true;
      continue;
    }
    if (line.text === '') {
      if (inParties) break;
      continue;
    }
    const colon = line.text.indexOf(': ');
    if (colon < 0) continue;
    const label = line.text.slice(0, colon);
    const value = line.text.slice(colon + 2).trim();
    const place = { value, start: line.start, end: line.start + line.text.length };
    if (inParties) {
      record.parties.push(partyOf(label, value, place));
      continue;
    }
    const field = LABELS[label.toLowerCase()];
    if (field === 'case') record.caseName = value;
    else if (field === 'docket') record.docketNumber = value;
    else if (field) record.facts[field] = place;
  }
  return record;
}

function partyOf(role: string, value: string, line: CaseLine): CaseParty {
  const terminated = / \(terminated (\d{4}-\d{2}-\d{2})\)$/u.exec(value);
  const body = terminated ? value.slice(0, terminated.index) : value;
  const [name = '', counsel = ''] = body.split(', represented by ');
  return {
    role,
    name: name.trim(),
    attorneys: counsel
      ? counsel
          .split('; ')
          .map((a) => a.trim())
          .filter(Boolean)
      : [],
    terminated: terminated?.[1] ?? '',
    line,
  };
}

function linesOf(text: string): Array<{ text: string; start: number }> {
  const lines: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line.replace(/\r$/u, ''), start });
    start += line.length + 1;
  }
  return lines;
}
