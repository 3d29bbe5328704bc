import { alternation, US_CITIES, US_REGIONS, US_STATES } from './lexicon';
import type { Candidate } from './organisation.extractor';

const NAMES = new RegExp(`(?<![\\w.])(?:${alternation([...US_STATES, ...US_REGIONS, ...US_CITIES])})(?![\\w-])`, 'g');
// "Lancaster County", "St. Lucie County", "Prince George's County".
const COUNTY = /(?<![\w-])(?:St\.\s)?[A-Z][a-z]+(?:['’]s)?(?:\s[A-Z][a-z]+)?\s(?:County|Parish)\b/g;

/** States, regions, major cities and counties. Names inside organisations or agencies lose in overlap resolution. */
export function extractPlaces(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const regex of [NAMES, COUNTY]) {
    for (const match of text.matchAll(regex)) {
      // "In Harris County": a capitalised sentence opener is not part of the county's name.
      const lead = /^(?:In|On|At|Of|The|For|From|And|To|By|Near)\s/.exec(match[0])?.[0].length ?? 0;
      const start = (match.index ?? 0) + lead;
      found.push({ kind: 'place', text: match[0].slice(lead), start, end: start + match[0].length - lead });
    }
  }
  return found;
}
