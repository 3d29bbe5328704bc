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
  for (const match of text.matchAll(TOKEN)) {
    let value = match[0];
    const start = match.index ?? 0;
    if (/['’]s$/.test(value) && value.length > 2) value = value.slice(0, -2);
    tokens.push({ text: value, bare: value.replace(/\.$/, ''), start, end: start + value.length });
  }
  return tokens;
}

export function isCapitalised(token: Token): boolean {
  return /^[A-Z]/.test(token.text);
}

export function isAllCaps(token: Token): boolean {
  return /^[A-Z][A-Z0-9&.'’-]*$/.test(token.text) && /[A-Z].*[A-Z]|^[A-Z]$/.test(token.bare);
}

/** Only white space between two tokens (no punctuation, no line of other text). */
export function adjacent(text: string, left: Token, right: Token): boolean {
  return right.start - left.end <= 3 && /^[ \t\n\r]*$/.test(text.slice(left.end, right.start));
}
