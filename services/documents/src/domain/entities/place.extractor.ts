import { alternation, US_CITIES, US_REGIONS, US_STATES } from './lexicon';
import type { Candidate } from './organisation.extractor';

const STATE = alternation(US_STATES);

const STATES = new RegExp(`(?<![\\w.])(?:${STATE})(?![\\w-])`, 'g');
// A region or city followed by another capitalised word is usually part of a name ("Great Plains Electric").
const REGIONS_AND_CITIES = new RegExp(
  `(?<![\\w.])(?:${alternation([...US_REGIONS, ...US_CITIES])})(?![\\w-])(?![ \\t]+[A-Z][a-z])`,
  'g',
);
// "Lancaster County", "St. Lucie County", "Prince George's County".
const COUNTY = /(?<![\w-])(?:St\.\s)?[A-Z][a-z]+(?:['’]s)?(?:\s[A-Z][a-z]+)?\s(?:County|Parish)\b/g;
// A town named with its state: "near Ames, Iowa", "based in Boulder, Colorado".
const CITY_STATE = new RegExp(`(?<![\\w.-])(?:[A-Z][a-z]+[ \\t]){0,2}[A-Z][a-z]+(?=,[ \\t](?:${STATE})\\b)`, 'g');
// Sign-off roles that sit where a town would: "Sincerely, Aisha Yamamoto\nCustomer, Florida".
const NOT_TOWNS =
  /^(?:Customer|Resident|Ratepayer|Member|Homeowner|Citizen|Inc|LLC|Counsel|Attorney|Director|Manager)$/;

/** States, regions, major cities and counties. Names inside organisations or agencies lose in overlap resolution. */
export function extractPlaces(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const regex of [STATES, REGIONS_AND_CITIES, COUNTY, CITY_STATE]) {
    for (const match of text.matchAll(regex)) {
      // "In Harris County": a capitalised sentence opener is not part of the county's name.
      const lead = /^(?:(?:In|On|At|Of|The|For|From|And|To|By|Near|Based|Located)\s)+/.exec(match[0])?.[0].length ?? 0;
      if (lead === match[0].length || (regex === CITY_STATE && NOT_TOWNS.test(match[0]))) continue;
      const start = (match.index ?? 0) + lead;
      found.push({ kind: 'place', text: match[0].slice(lead), start, end: start + match[0].length - lead });
    }
  }
  return found;
}
