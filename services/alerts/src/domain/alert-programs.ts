/**
 * Every filed alert's condition compiled against a TermDictionary into one integer array: words,
 * prefixes and filters become key numbers, so testing a candidate against a document read into
 * DocumentTerms is a short walk over adjacent integers and stamp look-ups, with no string work and
 * no pointer chasing through per-alert objects (with 100,000 alerts, memory latency is the cost).
 *
 * The semantics are @docket/query-language's compileQuery exactly (query-matcher.ts). Clauses that
 * are not decided by keys run as small functions: party and entity filters (a run of words in one
 * name), filing dates, and the rare prefix whose last word has fewer than 3 or more than 6 letters or
 * follows other words (left to compileQuery itself).
 *
 * A program is [required count, required key…, expression]; an expression is one of
 *   HAS key | SEQUENCE length key… | AND size child… | OR size child… | NOT size child | CALL index | NEVER
 * where `size` counts the node's own integers, so a decided AND or OR skips its other children (and
 * programs can move: nothing in them is an absolute position).
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
import type { DocumentTerms } from './document-terms';
import type { TermDictionary } from './term-dictionary';

type Clause = (terms: DocumentTerms) => boolean;

const HAS = 1;
const SEQUENCE = 2;
const AND = 3;
const OR = 4;
const NOT = 5;
const CALL = 6;
const NEVER = 7;

const FIELD_KINDS = { agency: 'a', type: 't', docket: 'd' } as const;

export class AlertPrograms {
  private code = new Int32Array(1 << 16);
  private length = 0;
  /** Positions in `code` no program uses any more (compacted away once they are half of it). */
  private garbage = 0;
  private starts = new Int32Array(1024).fill(-1);
  private ends = new Int32Array(1024);
  /** The clauses CALL runs, by slot. */
  private readonly calls: (Clause[] | undefined)[] = [];

  constructor(private readonly dictionary: TermDictionary) {}

  /** Compiles the slot's program: the keys it requires (a cheap refusal), then its condition. */
  put(slot: number, condition: AlertCondition, required: string[]): void {
    this.remove(slot);
    const calls: Clause[] = [];
    const program = [required.length, ...required.map((key) => this.dictionary.idOf(key))];
    if (condition.kind === 'query') this.compile(condition.query, program, calls);
    else this.compileFollow(condition, program);
    this.reserve(slot, program.length);
    this.starts[slot] = this.length;
    this.code.set(program, this.length);
    this.length += program.length;
    this.ends[slot] = this.length;
    this.calls[slot] = calls.length > 0 ? calls : undefined;
  }

  remove(slot: number): void {
    if (slot >= this.starts.length || this.starts[slot] === -1) return;
    this.garbage += (this.ends[slot] as number) - (this.starts[slot] as number);
    this.starts[slot] = -1;
    this.calls[slot] = undefined;
  }

  /** Whether the document read into `terms` has the slot's required keys and meets its condition. */
  matches(slot: number, terms: DocumentTerms): boolean {
    const { code } = this;
    const start = this.starts[slot] as number;
    if (start < 0) return false;
    const expression = start + 1 + (code[start] as number);
    for (let at = start + 1; at < expression; at += 1) if (!terms.has(code[at] as number)) return false;
    return this.evaluate(slot, expression, terms);
  }

  private evaluate(slot: number, at: number, terms: DocumentTerms): boolean {
    const { code } = this;
    switch (code[at]) {
      case HAS:
        return terms.has(code[at + 1] as number);
      case SEQUENCE:
        return terms.hasSequence(code, at + 2, code[at + 1] as number);
      case AND: {
        const end = at + (code[at + 1] as number);
        for (let child = at + 2; child < end; child = this.endOf(child))
          if (!this.evaluate(slot, child, terms)) return false;
        return true;
      }
      case OR: {
        const end = at + (code[at + 1] as number);
        for (let child = at + 2; child < end; child = this.endOf(child))
          if (this.evaluate(slot, child, terms)) return true;
        return false;
      }
      case NOT:
        return !this.evaluate(slot, at + 2, terms);
      case CALL:
        return (this.calls[slot]?.[code[at + 1] as number] as Clause)(terms);
      default:
        return false;
    }
  }

  /** The position just past the expression at `at`. */
  private endOf(at: number): number {
    switch (this.code[at]) {
      case HAS:
      case CALL:
        return at + 2;
      case SEQUENCE:
        return at + 2 + (this.code[at + 1] as number);
      case AND:
      case OR:
      case NOT:
        return at + (this.code[at + 1] as number);
      default:
        return at + 1;
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

  /** Room for a program of `size` for `slot`, compacting or growing the code. */
  private reserve(slot: number, size: number): void {
    if (slot >= this.starts.length) {
      const length = Math.max(slot + 1, this.starts.length * 2);
      const starts = new Int32Array(length).fill(-1);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Int32Array(length);
      ends.set(this.ends);
      this.ends = ends;
    }
    if (this.length + size <= this.code.length) return;
    if (this.garbage * 2 > this.length) this.compact();
    if (this.length + size > this.code.length) {
      const code = new Int32Array(Math.max(this.code.length * 2, this.length + size));
      code.set(this.code.subarray(0, this.length));
      this.code = code;
    }
  }

  /** Copies the live programs together. */
  private compact(): void {
    const code = new Int32Array(this.code.length);
    let length = 0;
    for (let slot = 0; slot < this.starts.length; slot += 1) {
      const start = this.starts[slot] as number;
      if (start < 0) continue;
      const end = this.ends[slot] as number;
      code.set(this.code.subarray(start, end), length);
      this.starts[slot] = length;
      length += end - start;
      this.ends[slot] = length;
    }
    this.code = code;
    this.length = length;
    this.garbage = 0;
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
