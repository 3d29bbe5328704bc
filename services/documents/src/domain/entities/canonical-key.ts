import { AGENCIES } from './agency-table';
import type { EntityKind } from './entity-mention';

// Corporate suffix variants that name the same thing ("Co." ≡ "Company").
const SUFFIX_SYNONYMS: Record<string, string> = {
  co: 'company',
  corp: 'corporation',
  inc: 'incorporated',
  ltd: 'limited',
  llc: 'llc',
  lp: 'lp',
  plc: 'plc',
  assn: 'association',
  coop: 'cooperative',
};

const HONORIFICS = /^(?:mr|mrs|ms|dr|hon|prof|judge|justice|commissioner|chairman|chairwoman|chair|witness)\s+/;

/** Lower case, "&" as "and", no punctuation, single spaces, no leading "the". */
function normaliseWords(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/&/g, ' and ')
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1') // l.l.c. → llc., u.s. → us.
    .replace(/[^a-z0-9$%\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

const agencyKeys = new Map<string, string>();
for (const agency of AGENCIES) {
  const key = normaliseWords(agency.name);
  agencyKeys.set(key, key);
  for (const alias of agency.aliases) agencyKeys.set(normaliseWords(alias), key);
}

/**
 * The key that all spellings of one entity share: case, punctuation, corporate suffix variants,
 * "&"/"and" and a leading "The" are ignored; agency abbreviations map to the agency's full name.
 */
export function canonicalEntityKey(kind: EntityKind, text: string): string {
  const words = normaliseWords(text);
  switch (kind) {
    case 'organisation':
      return words
        .split(' ')
        .map((word, i) => (i > 0 ? (SUFFIX_SYNONYMS[word] ?? word) : word))
        .join(' ');
    case 'agency': {
      const bare = words.replace(/^(?:us|united states) /, '');
      return agencyKeys.get(words) ?? agencyKeys.get(bare) ?? words;
    }
    case 'person':
      return words.replace(HONORIFICS, '').replace(/ (?:jr|sr|ii|iii|iv|phd)$/, '');
    case 'docket':
      return text.toUpperCase().replace(/\s+/g, '');
    default:
      return words;
  }
}
