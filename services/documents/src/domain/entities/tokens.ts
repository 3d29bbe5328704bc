/** A word-like token with its offsets; a trailing period stays on the token ("Co.", "U.S."). */
export interface Token {
  text: string;
  /** The token without a trailing period, for dictionary look-ups. */
  bare: string;
  start: number;
  end: number;
}

// Joiners must be followed by a letter or digit, so each character is consumed once: linear, no backtracking.
const TOKEN = /[A-Za-z0-9]+(?:['’.\-&][A-Za-z0-9]+)*\.?|&|,/g;

/** Splits text into tokens; a possessive "'s" is left off the token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const regex = new RegExp(TOKEN.source, 'g');
  let match: RegExpExecArray | null;
  while ((match = regex.exec(text)) !== null) {
    let value = match[0];
    const start = match.index;
    const length = value.length;
    // Plain string checks: this loop runs once per word of a possibly very long text.
    if (length > 2 && value[length - 1] === 's' && (value[length - 2] === "'" || value[length - 2] === '’'))
      value = value.slice(0, -2);
    const bare = value.endsWith('.') ? value.slice(0, -1) : value;
    tokens.push({ text: value, bare, start, end: start + value.length });
  }
  return tokens;
}

export function isCapitalised(token: Token): boolean {
  const code = token.text.charCodeAt(0);
  return code >= 65 && code <= 90;
}

export function isAllCaps(token: Token): boolean {
  return /^[A-Z][A-Z0-9&.'’-]*$/.test(token.text) && /[A-Z].*[A-Z]|^[A-Z]$/.test(token.bare);
}

/** Only white space between two tokens, and not a blank line (a heading above a paragraph is not one name). */
export function adjacent(text: string, left: Token, right: Token): boolean {
  const gap = text.slice(left.end, right.start);
  return gap.length <= 3 && /^[ \t\n\r]*$/.test(gap) && !/\n[ \t\r]*\n/.test(gap);
}
