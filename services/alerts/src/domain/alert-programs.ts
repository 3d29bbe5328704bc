/**
 * Every alert's condition compiled against a TermDictionary into a few integers: words,
 * prefixes and filters become key numbers, so testing a candidate against a document read into
 * DocumentTerms is a short walk over adjacent integers and stamp look-ups, with no string work and
 * no pointer chasing through per-alert objects (with 100,000 alerts, memory latency is the cost;
 * posting lists carry copies of these programs so candidates are read in order).
 *
 * The semantics are @docket/query-language's compileQuery exactly (query-matcher.ts). Clauses that
 * are not decided by keys run as small functions: party and entity filters (a run of words in one
 * name), a date range not in YYYY-MM-DD form, and the rare prefix whose last word has fewer than 3
 * or more than 6 letters or follows other words (left to compileQuery itself).
 *
 * A program is [required count, required key…, expression]; an expression is one of
 *   HAS key | SEQUENCE length key… | FILED from to | AND size child… | OR size child… | NOT size child
 *   | CALL index | NEVER
 * where `size` counts the node's own integers, so a decided AND or OR skips its other children (and
 * a program can be copied anywhere: nothing in it is an absolute position). Days are YYYYMMDD numbers.
 */
import {
  compileQuery,
  foldedWords,
  nameKey,
  normalizeDocketNumber,
  type PrefixNode,
  type QueryNode,
  type ValueField,
} from '@docket/query-language';
import { MAX_PREFIX_KEY, MIN_PREFIX_KEY, type AlertCondition } from './alert-matcher';
import { dayNumber, NO_DAY, type DocumentTerms } from './document-terms';
import type { TermDictionary } from './term-dictionary';

type Clause = (terms: DocumentTerms) => boolean;

const HAS = 1;
const SEQUENCE = 2;
const AND = 3;
const OR = 4;
const NOT = 5;
const CALL = 6;
const NEVER = 7;
const FILED = 8;
/** An open end of a FILED range. */
const OPEN = -1;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/u;

const FIELD_KINDS = { agency: 'a', type: 't', docket: 'd' } as const;

export class AlertPrograms {
  /** Each slot's program. */
  private readonly programs: (Int32Array | undefined)[] = [];
  /** The clauses CALL runs, by slot. */
  private readonly calls: (Clause[] | undefined)[] = [];

  constructor(private readonly dictionary: TermDictionary) {}

  /** Compiles the slot's program: the keys it requires (a cheap refusal), then its condition. */
  put(slot: number, condition: AlertCondition, required: string[]): Int32Array {
    const calls: Clause[] = [];
    const program = [required.length, ...required.map((key) => this.dictionary.idOf(key))];
    if (condition.kind === 'query') this.compile(condition.query, program, calls);
    else this.compileFollow(condition, program);
    const code = Int32Array.from(program);
    this.programs[slot] = code;
    this.calls[slot] = calls.length > 0 ? calls : undefined;
    return code;
  }

  remove(slot: number): void {
    this.programs[slot] = undefined;
    this.calls[slot] = undefined;
  }

  /** The slot's program (a copy of it is what posting lists carry). */
  programOf(slot: number): Int32Array | undefined {
    return this.programs[slot];
  }

  /** Whether the document read into `terms` passes the slot's own program. */
  matches(slot: number, terms: DocumentTerms): boolean {
    const code = this.programs[slot];
    return code !== undefined && this.run(code, 0, slot, terms);
  }

  /**
   * Whether the document read into `terms` has the required keys and meets the condition of the
   * program at `code[start]` (the slot's program, or a copy of it in a posting list).
   */
  run(code: Int32Array, start: number, slot: number, terms: DocumentTerms): boolean {
    const expression = start + 1 + (code[start] as number);
    for (let at = start + 1; at < expression; at += 1) if (!terms.has(code[at] as number)) return false;
    return this.evaluate(code, expression, slot, terms);
  }

  private evaluate(code: Int32Array, at: number, slot: number, terms: DocumentTerms): boolean {
    switch (code[at]) {
      case HAS:
        return terms.has(code[at + 1] as number);
      case SEQUENCE:
        return terms.hasSequence(code, at + 2, code[at + 1] as number);
      case FILED: {
        const day = terms.filedDayNumber;
        const from = code[at + 1] as number;
        const to = code[at + 2] as number;
        return day !== NO_DAY && (from === OPEN || day >= from) && (to === OPEN || day <= to);
      }
      case AND: {
        const end = at + (code[at + 1] as number);
        for (let child = at + 2; child < end; child = endOf(code, child))
          if (!this.evaluate(code, child, slot, terms)) return false;
        return true;
      }
      case OR: {
        const end = at + (code[at + 1] as number);
        for (let child = at + 2; child < end; child = endOf(code, child))
          if (this.evaluate(code, child, slot, terms)) return true;
        return false;
      }
      case NOT:
        return !this.evaluate(code, at + 2, slot, terms);
      case CALL:
        return (this.calls[slot]?.[code[at + 1] as number] as Clause)(terms);
      default:
        return false;
    }
  }

  /** Appends the node's code to `program`; its positions are relative to the program's start. */
  private compile(node: QueryNode, program: number[], calls: Clause[]): void {
    switch (node.kind) {
      case 'term':
      case 'phrase':
        this.compileSequence(foldedWords(node.value), program);
        return;
      case 'prefix':
        this.compilePrefix(node, program, calls);
        return;
      case 'field':
        this.compileField(node.field, node.value, program, calls);
        return;
      case 'range': {
        const { from, to } = node;
        if ((from === null || CALENDAR_DAY.test(from)) && (to === null || CALENDAR_DAY.test(to))) {
          program.push(FILED, from === null ? OPEN : dayNumber(from), to === null ? OPEN : dayNumber(to));
          return;
        }
        program.push(CALL, calls.length);
        calls.push((terms) => {
          const day = terms.filedDay;
          return day !== null && (from === null || day >= from) && (to === null || day <= to);
        });
        return;
      }
      case 'not':
      case 'and':
      case 'or': {
        const head = program.length;
        program.push(node.kind === 'not' ? NOT : node.kind === 'and' ? AND : OR, 0);
        for (const child of node.kind === 'not' ? [node.child] : node.children) this.compile(child, program, calls);
        program[head + 1] = program.length - head;
        return;
      }
    }
  }

  /** Words next to each other in title or text (one word: anywhere); no words never match. */
  private compileSequence(words: string[], program: number[]): void {
    if (words.length === 0) program.push(NEVER);
    else if (words.length === 1) program.push(HAS, this.dictionary.idOf(`w:${words[0]}`));
    else program.push(SEQUENCE, words.length, ...words.map((word) => this.dictionary.idOf(`w:${word}`)));
  }

  /** A lone word of 3 to 6 letters as a prefix is exactly its p: key (some word of the document starts so). */
  private compilePrefix(node: PrefixNode, program: number[], calls: Clause[]): void {
    const words = foldedWords(node.value);
    const letters = [...(words[0] ?? '')].length;
    if (words.length === 1 && letters >= MIN_PREFIX_KEY && letters <= MAX_PREFIX_KEY) {
      program.push(HAS, this.dictionary.idOf(`p:${words[0]}`));
      return;
    }
    const reference = compileQuery(node);
    program.push(CALL, calls.length);
    calls.push((terms) => reference(terms.document));
  }

  private compileField(field: ValueField, value: string, program: number[], calls: Clause[]): void {
    if (field === 'party' || field === 'entity') {
      const words = foldedWords(value);
      program.push(CALL, calls.length);
      calls.push((terms) =>
        (field === 'party' ? terms.parties : terms.entities).some((name) => containsRun(name, words)),
      );
      return;
    }
    const key = field === 'docket' ? normalizeDocketNumber(value) : nameKey(value);
    if (key === '') program.push(NEVER);
    else program.push(HAS, this.dictionary.idOf(`${FIELD_KINDS[field]}:${key}`));
  }

  /** A followed docket: the document's docket id, or its normalised number. */
  private compileFollow(follow: AlertCondition & { kind: 'docket' }, program: number[]): void {
    const head = program.length;
    program.push(OR, 0);
    if (follow.docketId) program.push(HAS, this.dictionary.idOf(`i:${follow.docketId}`));
    if (follow.docketNumber) program.push(HAS, this.dictionary.idOf(`d:${follow.docketNumber}`));
    program[head + 1] = program.length - head;
  }
}

/** Whether `needle` occurs as consecutive words of `haystack` (a name contains another on word boundaries). */
function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    let at = 0;
    while (at < needle.length && haystack[start + at] === needle[at]) at += 1;
    if (at === needle.length) return true;
  }
  return false;
}

/** The position just past the expression at `at`. */
function endOf(code: Int32Array, at: number): number {
  switch (code[at]) {
    case HAS:
    case CALL:
      return at + 2;
    case FILED:
      return at + 3;
    case SEQUENCE:
      return at + 2 + (code[at + 1] as number);
    case AND:
    case OR:
    case NOT:
      return at + (code[at + 1] as number);
    default:
      return at + 1;
  }
}
