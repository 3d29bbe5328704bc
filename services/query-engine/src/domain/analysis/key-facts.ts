import { extractFacts } from '@docket/text-facts';
import { filedMs, type AnalysedDocument, type Citation, type KeyFact, type KeyFactKind } from './analysis-model';
import { citationOf } from './citation';
import type { ReadDocument } from './sentence-ranking';

/** A sentence key facts may come from: the answer's sentences first, then the best-ranked others. */
export interface FactSource {
  document: AnalysedDocument;
  start: number;
  end: number;
}

/** How many facts of each kind the answer lists, in the order it lists them. */
export const KEY_FACT_LIMITS: ReadonlyArray<[KeyFactKind, number]> = [
  ['deadline', 4],
  ['amount', 6],
  ['percentage', 4],
  ['date', 4],
  ['party', 6],
];

// A deadline word shortly before the date in the same clause ("comments are due on or before",
// "no later than", "effective"), or "by" right before it; or "deadline" just after it.
const CUE_BEFORE =
  /\b(?:due|deadline|no later than|not later than|on or before|until|effective|expires?|expiration)\b[^.;]{0,60}$/i;
const BY_BEFORE = /\bby\s+(?:the\s+close\s+of\s+business\s+(?:on\s+)?)?$/i;
const CUE_AFTER = /^[^.;]{0,30}\b(?:deadline|due date)\b/i;

/** Whether the date at [start, end) of `sentence` (offsets relative to it) is a deadline or a point in force. */
export function isDeadline(sentence: string, start: number, end: number): boolean {
  const before = sentence.slice(Math.max(0, start - 80), start);
  return CUE_BEFORE.test(before) || BY_BEFORE.test(before) || CUE_AFTER.test(sentence.slice(end, end + 40));
}

/** A fact read from a sentence: what the words before it call it, who filed it and where it is written. */
export function readFact(
  kind: KeyFactKind,
  text: string,
  normalized: string,
  citation: Citation,
  document: AnalysedDocument,
  label = '',
): KeyFact {
  const subject = kind === 'party' ? normalized : (document.filers?.[0] ?? '');
  return { kind, text, normalized, citation, slot: '', label, subject, status: '', ...filingOf(document) };
}

// Words that join a name to its number ("an increase of", "totaling", "is due on") and say nothing of what it is.
const JOINERS = new Set([
  'my',
  'our',
  'his',
  'her',
  'of',
  'by',
  'to',
  'at',
  'is',
  'are',
  'was',
  'were',
  'be',
  'on',
  'for',
  'from',
  'in',
  'totaling',
  'totalling',
  'approximately',
  'about',
  'nearly',
  'roughly',
  'than',
  'no',
  'higher',
  'lower',
  'more',
  'less',
  'only',
  'due',
  'before',
  'or',
  'and',
  'the',
  'a',
  'an',
  'its',
  'their',
  'that',
  'as',
  'until',
  'through',
  'since',
  'within',
  'after',
  'over',
  'under',
  'around',
  'some',
  'estimated',
  'set',
]);
const LABEL_WORDS = 4;

const ACTION = new RegExp(
  String.raw`^(?:adopts?|adopted|recommends?|recommended|requests?|requested|raises?|proposes?|proposed|` +
    String.raw`authori[sz]es?|authori[sz]ed|approves?|approved|seeks?|sought|reports?|reported|shows?|invested|` +
    String.raw`includes?|estimates?|totals?|identified|agree|agrees|spent|costs?|remove[sd]?|shift(?:s|ed)?|` +
    String.raw`save[sd]?|saves|exceed(?:s|ed)?|reach(?:es|ed)?|reduce[sd]?|recover(?:s|ed)?|` +
    String.raw`would|will|could|may|might|amounts?|equals?|represents?|rose|fell|grew)$`,
  'i',
);
const VERB = /^(?:is|are|was|were|will|shall|must|may|has|have|had|should)$/i;

/**
 * What a sentence's date is of: the sentence's subject, when short ("Comments are due on March 3"
 * → "Comments"; "The evidentiary hearing will begin …" → "Evidentiary hearing"); '' otherwise.
 */
export function subjectLabel(sentence: string): string {
  const words = sentence.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  const verb = words.findIndex((word) => VERB.test(word));
  if (verb <= 0 || verb > LABEL_WORDS + 1) return '';
  const subject = words.slice(0, verb);
  while (subject.length > 0 && JOINERS.has((subject[0] as string).toLowerCase())) subject.shift();
  if (subject.length === 0 || subject.length > LABEL_WORDS) return '';
  const label = subject.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * What a sentence calls the number at `start`: up to four words right before it, joining words
 * dropped ("a revenue requirement of $1.2 million" → "Revenue requirement"); '' when nothing names it.
 */
export function contextLabel(sentence: string, start: number): string {
  const before =
    sentence
      .slice(Math.max(0, start - 80), start)
      .split(/[,;()]|:\s/)
      .at(-1) ?? '';
  const words = before.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  while (words.length > 0 && JOINERS.has((words.at(-1) as string).toLowerCase())) words.pop();
  // What comes after the last verb names the number; the verb and its subject say who,
  // which the fact's subject already does.
  const verb = words.map((word) => ACTION.test(word)).lastIndexOf(true);
  const kept = words.slice(verb + 1).slice(-LABEL_WORDS);
  while (kept.length > 0 && JOINERS.has((kept[0] as string).toLowerCase())) kept.shift();
  if (kept.length === 0) return '';
  const label = kept.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * What a fact read from a sentence may be called: the measures and events of a proceeding that a
 * reader recognises. The words before a number are often something else ("which 36.2%", "customers
 * $310,000"), so a label outside this vocabulary is dropped and the card says only what kind it is.
 */
const FACT_LABELS = new Map(
  [
    'Revenue requirement',
    'Revenue increase',
    'Rate increase',
    'Increase',
    'Revenue deficiency',
    'Return on equity',
    'Rate of return',
    'Rate base',
    'Equity ratio',
    'Cost of capital',
    'Capital structure',
    'Customer charge',
    'Monthly bill',
    'Bill increase',
    'Bill impact',
    'Project cost',
    'Capital investment',
    'Budget',
    'Savings',
    'Refund',
    'Penalty',
    'Fine',
    'Comments',
    'Reply comments',
    'Hearing',
    'Evidentiary hearing',
    'Public hearing',
    'Prehearing conference',
    'Effective date',
  ].map((label) => [label.toLowerCase(), label]),
);

export function knownLabel(label: string): string {
  return FACT_LABELS.get(label.toLowerCase()) ?? '';
}

/** The cited filing's category and filing day, as a key fact names them. */
export function filingOf(document: AnalysedDocument): { filingCategory: string; filedAt: string } {
  const ms = filedMs(document.filedAt);
  const filed = Number.isFinite(ms) ? new Date(ms).toISOString() : '';
  return { filingCategory: document.filingCategory ?? '', filedAt: filed.slice(0, 10) };
}

/**
 * Key facts of the answer: deadlines and dates, amounts, percentages (from the source sentences, in
 * their order) and the parties of the documents read that a sentence names. Each cites the sentence
 * it was read from; one fact (kind + machine value) is listed once.
 */
export function extractKeyFacts(sources: readonly FactSource[], documents: readonly ReadDocument[]): KeyFact[] {
  const found = new Map<KeyFactKind, KeyFact[]>();
  const seen = new Set<string>();
  const add = (fact: KeyFact) => {
    const key = `${fact.kind}\u0000${fact.normalized}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.set(fact.kind, [...(found.get(fact.kind) ?? []), fact]);
  };
  for (const source of sources) {
    const sentence = source.document.text.slice(source.start, source.end);
    let citation: Citation | undefined;
    for (const fact of extractFacts(sentence)) {
      citation ??= citationOf(source.document, source.start, source.end);
      const label = knownLabel(fact.kind === 'date' ? subjectLabel(sentence) : contextLabel(sentence, fact.start));
      if (fact.kind === 'money')
        add(readFact('amount', fact.text, String(fact.value), citation, source.document, label));
      else if (fact.kind === 'percentage')
        add(readFact('percentage', fact.text, String(fact.value), citation, source.document, label));
      else
        add(
          readFact(
            isDeadline(sentence, fact.start, fact.end) ? 'deadline' : 'date',
            fact.text,
            fact.value,
            citation,
            source.document,
            label,
          ),
        );
    }
  }
  for (const fact of partyFacts(sources, documents)) add(fact);
  return KEY_FACT_LIMITS.flatMap(([kind, limit]) => (found.get(kind) ?? []).slice(0, limit));
}

/**
 * The parties and filers of the documents read (in rank order), each cited at the first source
 * sentence that names it; the best document's own parties also at their first mention in its text.
 * A party no text names is left out: no citation, no claim.
 */
function partyFacts(sources: readonly FactSource[], documents: readonly ReadDocument[]): KeyFact[] {
  const facts: KeyFact[] = [];
  const names = new Map<string, { name: string; read: ReadDocument }>();
  for (const read of documents) {
    for (const name of [...(read.document.parties ?? []), ...(read.document.filers ?? [])]) {
      const key = name.trim().toLowerCase();
      // The commission or court that issued the filing is its author, not a party to the proceeding.
      if (key === (read.document.sourceName ?? '').trim().toLowerCase()) continue;
      if (key.length >= 3 && !names.has(key)) names.set(key, { name: name.trim(), read });
    }
  }
  // Parties the answer's own sentences name come first, then the others in document rank order.
  const inSources: Array<{ fact: KeyFact; order: number }> = [];
  for (const [key, { name, read }] of names) {
    const fromSources = firstMention(sources, key);
    // Parties of other documents only count when a sentence the answer draws on names them.
    const mention = fromSources ?? (read.rank === 0 ? mentionInDocument(read, key) : undefined);
    if (!mention) continue;
    const { document, start, end, sentenceStart, sentenceEnd } = mention;
    const fact = readFact(
      'party',
      document.text.slice(start, end),
      name,
      citationOf(document, sentenceStart, sentenceEnd),
      document,
      'Party',
    );
    if (fromSources) inSources.push({ fact, order: fromSources.order });
    else facts.push(fact);
  }
  return [...inSources.sort((a, b) => a.order - b.order).map((entry) => entry.fact), ...facts];
}

interface Mention {
  /** Index of the source sentence it was found in (mentions found in a document's text: none). */
  order?: number;
  document: AnalysedDocument;
  start: number;
  end: number;
  sentenceStart: number;
  sentenceEnd: number;
}

function firstMention(sources: readonly FactSource[], key: string): (Mention & { order: number }) | undefined {
  for (const [order, source] of sources.entries()) {
    const at = wordIndexOf(source.document.text.slice(source.start, source.end).toLowerCase(), key);
    if (at >= 0)
      return {
        order,
        document: source.document,
        start: source.start + at,
        end: source.start + at + key.length,
        sentenceStart: source.start,
        sentenceEnd: source.end,
      };
  }
  return undefined;
}

function mentionInDocument(read: ReadDocument, key: string): Mention | undefined {
  const last = read.spans.at(-1);
  if (!last) return undefined;
  const at = wordIndexOf(read.document.text.slice(0, last.end).toLowerCase(), key);
  if (at < 0) return undefined;
  const span = read.spans.find((s) => s.start <= at && at < s.end);
  if (!span) return undefined;
  return { document: read.document, start: at, end: at + key.length, sentenceStart: span.start, sentenceEnd: span.end };
}

/** indexOf at word boundaries ("Acme Corp" is not found inside "Acme Corporation"). */
export function wordIndexOf(haystack: string, needle: string): number {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return -1;
    const before = at === 0 ? ' ' : (haystack[at - 1] as string);
    const after = haystack[at + needle.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return at;
    from = at + 1;
  }
}
