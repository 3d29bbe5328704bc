/**
 * The analysis as the query-engine keeps it; names mirror research.query_engine.v1 (queries.proto)
 * so the gRPC mapping is field for field.
 */
export type AnalysisModeName = 'extractive' | 'generative';

/** A passage of a document: [start, end) character offsets into its text; `quote` is that slice. */
export interface Citation {
  documentId: string;
  start: number;
  end: number;
  /** 1-based page holding `start`. */
  page: number;
  quote: string;
  documentTitle: string;
}

export interface AnalysisSentence {
  text: string;
  /** Never empty: no citation, no claim. */
  citations: Citation[];
}

export interface AnalysisSection {
  heading: string;
  sentences: AnalysisSentence[];
}

export type KeyFactKind = 'date' | 'deadline' | 'amount' | 'percentage' | 'party' | 'outcome';

/**
 * What a key fact is, when the answer knows (the proceeding's record: what was asked for, recommended
 * and granted, when the hearing is, who takes part); '' for a fact only read from a sentence.
 */
export type FactSlot =
  | 'requested_amount'
  | 'recommended_amount'
  | 'approved_amount'
  | 'hearing_date'
  | 'comment_deadline'
  | 'intervention_deadline'
  | 'decision_date'
  | 'applicant'
  | 'intervenor'
  | 'staff'
  | 'outcome'
  | '';

export interface KeyFact {
  kind: KeyFactKind;
  /** As written in the document ("$4.2 million", "March 3, 2025"). */
  text: string;
  /** Machine form: ISO date, number, or canonical name. */
  normalized: string;
  citation: Citation;
  slot: FactSlot;
  /** What the fact is, for a reader ("Requested increase", "Evidentiary hearing"); '' when unknown. */
  label: string;
  /** For or by whom ("Ameren Illinois", "Staff of the Illinois Commerce Commission"); '' when unknown. */
  subject: string;
  /** A date a later filing replaced ("superseded"), or the one in force ("current"); '' otherwise. */
  status: '' | 'current' | 'superseded';
  /** The cited filing's category and filing date (ISO day), so the fact says where it comes from. */
  filingCategory: string;
  filedAt: string;
}

/** What kind of answer the question asks for. */
export type QuestionKind = 'amount' | 'date' | 'parties' | 'position' | 'outcome' | 'general';

/**
 * What the answer is about, said at its top: one proceeding ("About docket 23-0456, …"), one party
 * across proceedings, a comparison of several, or nothing narrower than the documents found.
 */
export interface AnswerScope {
  kind: 'proceeding' | 'party' | 'comparison' | 'open';
  /** The proceeding (kind 'proceeding'): its docket number, source and title. */
  docketNumber: string;
  sourceId: string;
  sourceName: string;
  title: string;
  /** The party (kind 'party'). */
  party: string;
  /** The sentence shown at the top ("About docket 23-0456 (Illinois Commerce Commission): …"). */
  statement: string;
}

/** Another proceeding the question may have meant: one click asks again within it. */
export interface ScopeRefinement {
  docketNumber: string;
  sourceId: string;
  title: string;
  /** How many of the retrieved documents belong to it. */
  documents: number;
  /** Its first and latest filing among those retrieved (YYYY-MM-DD; '' when none is dated). */
  firstFiled: string;
  lastFiled: string;
  /** 'decided' when a decision is among its retrieved filings, else 'open'. */
  status: string;
}

export interface Analysis {
  mode: AnalysisModeName;
  sections: AnalysisSection[];
  keyFacts: KeyFact[];
  /** Generative mode: the model's name. */
  model: string;
  /** Generative mode: sentences dropped because their citation did not check out. */
  droppedSentences: number;
  /** Why there is no answer, or why another mode answered (empty when all went as asked). */
  notice: string;
  questionKind: QuestionKind;
  scope: AnswerScope;
  refinements: ScopeRefinement[];
}

export interface PageSpan {
  number: number;
  start: number;
  end: number;
}

/** What the analysis reads of a retrieved document (a subset of the index's IndexedDocument). */
export interface AnalysedDocument {
  id: string;
  title: string;
  text: string;
  /** Character spans of the pages in `text`; none means one page. */
  pages?: readonly PageSpan[] | undefined;
  parties?: readonly string[] | undefined;
  filers?: readonly string[] | undefined;
  /** The filing's proceeding and kind, when known: the answer's scope and attributions read them. */
  docketNumber?: string | undefined;
  sourceId?: string | undefined;
  sourceName?: string | undefined;
  filingCategory?: string | undefined;
  filedAt?: Date | string | undefined;
}

/** A retrieved document with its fused retrieval score; lists of them are in rank order. */
export interface RetrievedDocument<D extends AnalysedDocument = AnalysedDocument> {
  document: D;
  score: number;
}

/** No scope narrower than the documents found. */
export const OPEN_SCOPE: AnswerScope = {
  kind: 'open',
  docketNumber: '',
  sourceId: '',
  sourceName: '',
  title: '',
  party: '',
  statement: '',
};

/** An analysis with nothing in it yet; the writers fill what they find. */
export function emptyAnalysis(mode: AnalysisModeName): Analysis {
  return {
    mode,
    sections: [],
    keyFacts: [],
    model: '',
    droppedSentences: 0,
    notice: '',
    questionKind: 'general',
    scope: OPEN_SCOPE,
    refinements: [],
  };
}

const FACT_DEFAULTS: Pick<KeyFact, 'slot' | 'label' | 'subject' | 'status' | 'filingCategory' | 'filedAt'> = {
  slot: '',
  label: '',
  subject: '',
  status: '',
  filingCategory: '',
  filedAt: '',
};

/** An analysis stored before scopes and labelled facts existed, with their fields filled empty. */
export function withAnalysisDefaults(stored: Analysis): Analysis {
  const blank = emptyAnalysis(stored.mode);
  return {
    ...blank,
    ...stored,
    scope: { ...OPEN_SCOPE, ...stored.scope },
    // Stored documents may lack the newer fields whatever their type says.
    keyFacts: stored.keyFacts.map((fact: Partial<KeyFact>) => ({ ...FACT_DEFAULTS, ...fact }) as KeyFact),
  };
}

/**
 * A document's filing time in milliseconds (NaN when unknown), whether it carries a Date or an ISO
 * string. Not `instanceof Date`: a Date made in another realm (a worker, a test sandbox) fails it.
 */
export function filedMs(filedAt: Date | string | undefined): number {
  if (filedAt === undefined) return NaN;
  return typeof filedAt === 'string' ? Date.parse(filedAt) : filedAt.getTime();
}
