import type { DocketPattern } from './entity-mention';
import type { Candidate } from './organisation.extractor';

interface CompiledPattern {
  sourceId: string;
  regex: RegExp;
  /** Digits-and-punctuation shapes ("^\d{5}$") need a cue such as "Docket No." before them. */
  needsCue: boolean;
}

// "Docket No.", "Case Nos. 24-1234, 24-1240 and", "Project No.", "Cause No.", "No." — up to the number itself.
const CUE = new RegExp(
  String.raw`(?:\b(?:[Dd]ocket|DOCKET|[Cc]ase|CASE|[Pp]roject|[Cc]ause|[Pp]roceeding|[Aa]ppeal|[Ff]ile)` +
    String.raw`(?:\s(?:Nos?\.|Numbers?|ID))?|\bNos?\.)[\s:#]*` +
    String.raw`(?:[\w.:/-]{2,30}(?:,\s|,?\sand\s|;\s|\s&\s)){0,6}$`,
);

/**
 * Source patterns are often anchored (they validate a whole docket number); in running text the anchors
 * become word boundaries. A named group `number`, if present, is the mention's span.
 */
function compile({ sourceId, pattern }: DocketPattern): CompiledPattern {
  const original = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? '' : pattern.flags.replace(/[gyd]/g, '');
  // Letters outside escapes (\d, \s, \b…) and group syntax make a pattern specific enough to trust on its own.
  const literalLetters = original.replace(/\\[a-zA-Z]|\(\?<[a-zA-Z]+>|\(\?[:=!]|\(\?<[=!]/g, '');
  let source = original;
  if (source.startsWith('^')) source = `(?<![A-Za-z0-9.])${source.slice(1)}`;
  if (source.endsWith('$') && !source.endsWith('\\$')) source = `${source.slice(0, -1)}(?![A-Za-z0-9]|-\\d)`;
  return { sourceId, regex: new RegExp(source, `${flags}gd`), needsCue: !/[A-Za-z]/.test(literalLetters) };
}

/** Docket numbers by each source's pattern; the value is the id of the first source whose pattern matched. */
export function extractDockets(text: string, patterns: DocketPattern[]): (Candidate & { value: string })[] {
  const found: (Candidate & { value: string })[] = [];
  const seen = new Set<string>();
  for (const { sourceId, regex, needsCue } of patterns.map(compile)) {
    let match: RegExpExecArray | null;
    while ((match = regex.exec(text)) !== null) {
      if (match[0].length === 0) {
        regex.lastIndex++;
        continue;
      }
      const span = match.indices?.groups?.number ?? match.indices?.[0];
      if (!span) continue;
      const [start, end] = span;
      if (needsCue && !CUE.test(text.slice(Math.max(0, start - 120), start))) continue;
      const key = `${start}:${end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ kind: 'docket', text: text.slice(start, end), start, end, value: sourceId });
    }
  }
  return found;
}
