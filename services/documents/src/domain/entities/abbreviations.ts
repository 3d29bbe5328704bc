import { escapeRegExp } from './lexicon';
import type { Candidate } from './organisation.extractor';

// "Cascadia Gas and Electric Company (CG&E)", "(“NERC”)": an abbreviation defined right after a name.
const DEFINITION = /^\s\(\s?["“]?([A-Z][A-Za-z&.-]{1,9})["”]?(?:\s+or\s[^)]{1,40})?\)/;

export interface Abbreviation {
  kind: Candidate['kind'];
  short: string;
  long: string;
}

/** Abbreviations defined in parentheses after an organisation or agency name. */
export function findAbbreviations(text: string, names: Candidate[]): Abbreviation[] {
  const found: Abbreviation[] = [];
  for (const name of names) {
    if (name.kind !== 'organisation' && name.kind !== 'agency') continue;
    const match = DEFINITION.exec(text.slice(name.end, name.end + 60));
    const short = match?.[1];
    // Only all-capital forms (with & and periods): "(Applicants)" or "(Respondent)" are roles, not names.
    if (!short || !/^[A-Z][A-Z&.]*[A-Z]\.?$/.test(short)) continue;
    found.push({ kind: name.kind, short, long: name.text });
  }
  return found;
}

/** Every occurrence of each defined abbreviation, as a mention of the same kind. */
export function abbreviationMentions(text: string, abbreviations: Abbreviation[]): (Candidate & { long: string })[] {
  const mentions: (Candidate & { long: string })[] = [];
  const seen = new Set<string>();
  for (const { kind, short, long } of abbreviations) {
    if (seen.has(short)) continue;
    seen.add(short);
    for (const match of text.matchAll(new RegExp(`(?<![\\w&])${escapeRegExp(short)}(?![\\w&])`, 'g'))) {
      const start = match.index ?? 0;
      mentions.push({ kind, text: short, start, end: start + short.length, long });
    }
  }
  return mentions;
}
