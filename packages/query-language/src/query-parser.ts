/**
 * A recursive-descent parser for the search query language:
 *
 *   query   := or EOF
 *   or      := and ("OR" and)*
 *   and     := unary (["AND"] unary)*          adjacent clauses are ANDed
 *   unary   := ("NOT" | "-") unary | primary
 *   primary := "(" or ")" | PHRASE | TERM | TERM"*" | field
 *   field   := ("agency" | "docket" | "type" | "party" | "entity") ":" (TERM | PHRASE)
 *            | "filed:" (DATE | "[" (DATE | "*") "TO" (DATE | "*") "]")
 *   DATE    := YYYY | YYYY-MM | YYYY-MM-DD
 *
 * so NOT binds tighter than AND, and AND tighter than OR. Keywords are uppercase only: `and` is a word.
 */
import { isDateField, isValueField, QUERY_FIELDS, type DateField, type QueryNode, type RangeNode } from './query-ast';
import { QueryLexer, type Token } from './query-lexer';
import { DEFAULT_QUERY_LIMITS, QueryCost, type QueryLimits } from './query-limits';
import { normalizeQuery } from './query-normalize';
import { QuerySyntaxError } from './query-syntax.error';

/** Deeper nesting than this is not a real query, and would only risk the stack. */
export const MAX_NESTING = 64;

const DATE_SHAPE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const DATE_EXPECTED = 'a date: YYYY, YYYY-MM or YYYY-MM-DD';

/**
 * Parses and normalises a query; throws QuerySyntaxError naming the column and what was expected,
 * or its QueryCostError when the query asks more than `limits` allow.
 */
export function parseQuery(input: string, limits: QueryLimits = DEFAULT_QUERY_LIMITS): QueryNode {
  return normalizeQuery(new QueryParser(input, new QueryCost(limits)).parse());
}

class QueryParser {
  private readonly lexer: QueryLexer;
  private depth = 0;

  constructor(
    private readonly input: string,
    private readonly cost: QueryCost,
  ) {
    this.lexer = new QueryLexer(input);
  }

  parse(): QueryNode {
    const node = this.parseOr();
    const rest = this.lexer.peek();
    // parseOr stops only at the end or at a ")" that no "(" opened.
    if (rest.kind === ')')
      throw new QuerySyntaxError(`unmatched ")" at column ${rest.start + 1}`, rest.start, 'end of query');
    return node;
  }

  private parseOr(): QueryNode {
    const children = [this.parseAnd()];
    while (this.isKeyword(this.lexer.peek(), 'OR')) {
      this.lexer.next();
      children.push(this.parseAnd());
    }
    return children.length === 1 ? (children[0] as QueryNode) : { kind: 'or', children };
  }

  private parseAnd(): QueryNode {
    const children = [this.parseUnary()];
    for (;;) {
      const token = this.lexer.peek();
      if (token.kind === 'eof' || token.kind === ')' || this.isKeyword(token, 'OR')) break;
      if (this.isKeyword(token, 'AND')) this.lexer.next();
      children.push(this.parseUnary());
    }
    return children.length === 1 ? (children[0] as QueryNode) : { kind: 'and', children };
  }

  private parseUnary(): QueryNode {
    const token = this.lexer.peek();
    if (token.kind !== '-' && !this.isKeyword(token, 'NOT')) return this.parsePrimary();
    this.lexer.next();
    this.enter(token);
    const child = this.parseUnary();
    this.depth -= 1;
    return { kind: 'not', child };
  }

  private parsePrimary(): QueryNode {
    const token = this.lexer.next();
    switch (token.kind) {
      case '(': {
        this.enter(token);
        const inner = this.parseOr();
        const close = this.lexer.next();
        if (close.kind !== ')') this.fail('")"', close.start, close);
        this.depth -= 1;
        return inner;
      }
      case 'phrase':
        this.cost.clause(token.start);
        this.cost.phrase(token.text, token.start);
        return { kind: 'phrase', value: token.text };
      case 'field':
        this.cost.clause(token.start);
        return this.parseField(token);
      case 'word':
        if (!this.isKeyword(token, 'AND') && !this.isKeyword(token, 'OR')) {
          this.cost.clause(token.start);
          if (!token.prefix) return { kind: 'term', value: token.text };
          this.cost.prefix(token.text, token.start);
          return { kind: 'prefix', value: token.text };
        }
        return this.fail('a search term', token.start, token);
      default:
        return this.fail('a search term', token.start, token);
    }
  }

  private parseField(field: Token): QueryNode {
    const name = field.text.toLowerCase();
    if (isValueField(name)) {
      const value = this.lexer.peek();
      const adjacent = value.start === field.end;
      if (!adjacent || (value.kind !== 'word' && value.kind !== 'phrase')) {
        return this.fail(`a value after "${field.text}:"`, field.end, adjacent ? value : undefined);
      }
      this.lexer.next();
      if (value.prefix) {
        throw new QuerySyntaxError(
          `unexpected "*" in a field value at column ${value.end}`,
          value.end - 1,
          'a value without "*"',
        );
      }
      return { kind: 'field', field: name, value: value.text };
    }
    if (isDateField(name)) return this.parseDates(name, field);
    throw new QuerySyntaxError(
      `unknown field "${field.text}" at column ${field.start + 1} (fields: ${QUERY_FIELDS.join(', ')})`,
      field.start,
      'a field name',
    );
  }

  /** `filed:2024`, `filed:2024-03`, `filed:2024-03-15` (that year, month or day) or `filed:[from TO to]`. */
  private parseDates(name: DateField, field: Token): RangeNode {
    const token = this.lexer.peek();
    const adjacent = token.start === field.end;
    if (adjacent && token.kind === 'word') {
      this.lexer.next();
      return { kind: 'range', field: name, from: this.date(token, 'from'), to: this.date(token, 'to') };
    }
    if (!adjacent || token.kind !== '[') {
      return this.fail(`a date or [from TO to] after "${field.text}:"`, field.end, adjacent ? token : undefined);
    }
    this.lexer.next();
    const fromToken = this.lexer.next();
    const from = this.bound(fromToken, 'from');
    const keyword = this.lexer.next();
    if (keyword.kind !== 'word' || keyword.text !== 'TO' || keyword.prefix) this.fail('"TO"', keyword.start, keyword);
    const toToken = this.lexer.next();
    const to = this.bound(toToken, 'to');
    const close = this.lexer.next();
    if (close.kind !== ']') this.fail('"]"', close.start, close);
    if (from !== null && to !== null && from > to) {
      throw new QuerySyntaxError(
        `invalid date range: "${fromToken.text}" is after "${toToken.text}" at column ${token.start + 1}`,
        token.start,
        'a start date on or before the end date',
      );
    }
    return { kind: 'range', field: name, from, to };
  }

  private bound(token: Token, side: 'from' | 'to'): string | null {
    if (token.kind === '*') return null;
    if (token.kind === 'word') return this.date(token, side);
    return this.fail('a date or "*"', token.start, token);
  }

  /** A YYYY, YYYY-MM or YYYY-MM-DD word as the first (`from`) or last (`to`) day it covers. */
  private date(token: Token, side: 'from' | 'to'): string {
    const shape = token.prefix ? null : DATE_SHAPE.exec(token.text);
    const year = Number(shape?.[1]);
    const month = shape?.[2] === undefined ? (side === 'from' ? 1 : 12) : Number(shape[2]);
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = shape?.[3] === undefined ? (side === 'from' ? 1 : lastDay) : Number(shape[3]);
    if (!shape || year < 1 || month < 1 || month > 12 || day < 1 || day > lastDay) {
      const raw = this.input.slice(token.start, token.end);
      throw new QuerySyntaxError(`invalid date "${raw}" at column ${token.start + 1}`, token.start, DATE_EXPECTED);
    }
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }

  private isKeyword(token: Token, keyword: 'AND' | 'OR' | 'NOT'): boolean {
    return token.kind === 'word' && !token.prefix && token.text === keyword;
  }

  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING) {
      throw new QuerySyntaxError(
        `the query nests more than ${MAX_NESTING} levels deep at column ${token.start + 1}`,
        token.start,
        'fewer nested parentheses or NOTs',
      );
    }
  }

  private fail(expected: string, position: number, found?: Token): never {
    const foundText =
      found && found.kind !== 'eof' ? `, found ${describe(this.input.slice(found.start, found.end))}` : '';
    throw new QuerySyntaxError(`expected ${expected} at column ${position + 1}${foundText}`, position, expected);
  }
}

function describe(raw: string): string {
  return JSON.stringify(raw.length > 24 ? `${raw.slice(0, 24)}…` : raw);
}
