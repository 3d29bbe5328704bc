import { QuerySyntaxError } from './query-syntax.error';

/**
 * Tokens of the query language, read one at a time so errors come out in the order they appear.
 * `word` is a term (`prefix` when a `*` follows it directly), `field` is `name:` and `phrase` a
 * quoted string with its escapes resolved. Offsets are UTF-16 code units into the query.
 */
export type TokenKind = 'word' | 'field' | 'phrase' | '(' | ')' | '[' | ']' | '*' | ':' | '-' | 'eof';
export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  prefix: boolean;
}

const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Punctuation that stays inside a term when a word character follows (ER24-1234-000, A.21-05-012,
// utility's, 2024/01); `:` only between digits (1:23-cv-00001), since `word:` starts a field filter.
const CONNECTORS = new Set(['-', '.', '/', "'", '\u2019']);
const SYNTAX = new Set(['"', '(', ')', '[', ']', '*', ':']);

function codePointAt(input: string, offset: number): string {
  return String.fromCodePoint(input.codePointAt(offset) as number);
}

function isWordCharAt(input: string, offset: number): boolean {
  return offset < input.length && WORD_CHAR.test(codePointAt(input, offset));
}

const isAsciiDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** Where the term starting at `start` (a word character) ends. */
export function termEnd(input: string, start: number): number {
  let offset = start;
  while (offset < input.length) {
    if (isWordCharAt(input, offset)) {
      offset += codePointAt(input, offset).length;
      continue;
    }
    const char = input[offset] as string;
    const joins =
      char === ':'
        ? isAsciiDigit(input[offset - 1]) && isAsciiDigit(input[offset + 1])
        : CONNECTORS.has(char) && isWordCharAt(input, offset + 1);
    if (!joins) break;
    offset += 1;
  }
  return offset;
}

/** True when `text` reads back as exactly one bare term (no operator meaning, nothing left over). */
export function isBareTerm(text: string): boolean {
  return text.length > 0 && isWordCharAt(text, 0) && termEnd(text, 0) === text.length;
}

export class QueryLexer {
  private offset = 0;
  private lookahead: Token | null = null;

  constructor(private readonly input: string) {}

  peek(): Token {
    this.lookahead ??= this.scan();
    return this.lookahead;
  }

  next(): Token {
    const token = this.peek();
    this.lookahead = null;
    return token;
  }

  private scan(): Token {
    const input = this.input;
    // Whitespace and punctuation the grammar does not use separate terms, as in the search index's
    // tokenizer: `rates, tariffs?` is `rates tariffs`.
    while (this.offset < input.length && !this.startsToken(this.offset)) this.offset += 1;
    const start = this.offset;
    if (start >= input.length) return this.token('eof', '', start, start);
    const char = input[start] as string;
    if (char === '"') return this.phrase(start);
    if (SYNTAX.has(char) || char === '-') return this.token(char as TokenKind, char, start, start + 1);
    const end = termEnd(input, start);
    const text = input.slice(start, end);
    if (input[end] === '*') return this.token('word', text, start, end + 1, true);
    if (input[end] === ':') return this.token('field', text, start, end + 1);
    return this.token('word', text, start, end);
  }

  private startsToken(offset: number): boolean {
    const char = this.input[offset] as string;
    if (char === '-') {
      // `-` negates only at the start of a clause: `-draft`, `(-draft`, but not `rates--draft` or `a - b`.
      const before = this.input[offset - 1];
      const atClauseStart = before === undefined || before === '(' || /\s/u.test(before);
      const next = this.input[offset + 1];
      return atClauseStart && (next === '"' || next === '(' || isWordCharAt(this.input, offset + 1));
    }
    return SYNTAX.has(char) || isWordCharAt(this.input, offset);
  }

  private phrase(start: number): Token {
    const input = this.input;
    let text = '';
    let offset = start + 1;
    while (offset < input.length && input[offset] !== '"') {
      const char = input[offset] as string;
      const escaped = char === '\\' && (input[offset + 1] === '"' || input[offset + 1] === '\\');
      text += escaped ? input[offset + 1] : char;
      offset += escaped ? 2 : 1;
    }
    if (offset >= input.length) {
      throw new QuerySyntaxError(`unterminated phrase starting at column ${start + 1}`, start, '"');
    }
    if (!LETTER_OR_DIGIT.test(text)) {
      throw new QuerySyntaxError(
        `expected a letter or digit inside the quotes at column ${start + 1}`,
        start,
        'a letter or digit',
      );
    }
    return this.token('phrase', text, start, offset + 1);
  }

  private token(kind: TokenKind, text: string, start: number, end: number, prefix = false): Token {
    this.offset = end;
    return { kind, text, start, end, prefix };
  }
}
