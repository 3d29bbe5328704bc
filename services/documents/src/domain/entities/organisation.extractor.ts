import type { EntityMention } from './entity-mention';
import { US_STATES } from './lexicon';
import { adjacent, isAllCaps, isCapitalised, tokenize, type Token } from './tokens';

export type Candidate = Omit<EntityMention, 'canonical'>;

// Legal-form suffixes: a capitalised name before one of these is an organisation.
const LEGAL_SUFFIXES = new Set([
  'inc',
  'llc',
  'l.l.c',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'lp',
  'l.p',
  'plc',
  'cooperative',
  'cooperatives',
  'authority',
  'association',
  'council',
  'club',
  'associates',
  'partners',
  'group',
  'holdings',
  'incorporated',
  'limited',
  'llp',
  'l.l.p',
  'trust',
  'foundation',
  'institute',
  'alliance',
  'coalition',
  'network',
  'center',
  'committee',
  'board',
  'coop',
  'co-op',
  'pool',
  'advocates',
  'university',
  'college',
  'laboratory',
  'laboratories',
  'agency',
]);
// Legal forms proper: a name ends here whatever follows. Other suffixes ("Network", "Partners") are often
// inside programme or project names ("Lehigh Valley Telephone Copper Network Retirement Plan").
const HARD_SUFFIXES = new Set([
  'inc',
  'llc',
  'l.l.c',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'lp',
  'l.p',
  'plc',
  'incorporated',
  'limited',
  'llp',
  'l.l.p',
]);
// Words after which a utility-style or soft suffix still ends a name ("Energy on", "Alliance Dated:").
const AFTER_NAME = new Set(['on', 'for', 'by', 'and', 'or', 'of', 'in', 'at', 'to', 'dated', 'the', 'v', 'vs']);
// "of" joins a name only after a word that heads such names ("Bank of the West Corp.", "Coalition of Rural
// Electric Cooperatives"), not after a person's name ("Dr. Hannah Osei of the Lawrence Berkeley National Laboratory").
const OF_HEADS = new Set([
  'bank',
  'council',
  'union',
  'association',
  'coalition',
  'alliance',
  'society',
  'friends',
  'league',
  'federation',
  'university',
  'college',
  'institute',
  'office',
  'bureau',
  'city',
  'town',
  'county',
  'port',
  'board',
  'authority',
  'company',
  'corporation',
  'trust',
  'foundation',
  'center',
  'cooperative',
  'district',
  'committee',
  'conference',
  'consumers',
  'citizens',
  'people',
  'residents',
  'members',
  'users',
  'customers',
  'power',
  'gas',
  'electric',
  'energy',
  'utilities',
  'water',
  'light',
]);
// "Staff of the Georgia Public Service Commission and Sierra Club": "and" does not join across an agency.
const AGENCY_HEADS = new Set(['commission', 'court', 'agency', 'department', 'administration', 'staff', 'circuit']);
// Suffixes that may follow a comma: "Acme Holdings, Inc.".
const COMMA_SUFFIXES = new Set(['inc', 'llc', 'l.l.c', 'corp', 'ltd', 'lp', 'l.p', 'plc', 'llp', 'l.l.p', 'co']);
// Utility-style endings ("Atlantic Shore Energy"); only a name end when no capitalised word follows.
const UTILITY_WORDS = new Set([
  'power',
  'electric',
  'energy',
  'utilities',
  'pipeline',
  'transmission',
  'light',
  'midstream',
]);
// Suffixes that take a trailing "of <Place>": "Public Service Company of Northern Nevada".
const OF_EXTENDABLE = new Set([
  'company',
  'corporation',
  'council',
  'association',
  'authority',
  'cooperative',
  'coalition',
]);

// Capitalised words that begin sentences or headings rather than names; compared in lower case.
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'in',
  'on',
  'at',
  'by',
  'for',
  'from',
  'with',
  'to',
  'as',
  'whereas',
  'both',
  'each',
  'under',
  'pursuant',
  'after',
  'before',
  'although',
  'because',
  'if',
  'when',
  'while',
  'accordingly',
  'moreover',
  'however',
  'further',
  'also',
  'and',
  'or',
  'but',
  'not',
  'no',
  'our',
  'its',
  'their',
  'his',
  'her',
  'we',
  'i',
  'it',
  'they',
  'he',
  'she',
  'petitioner',
  'petitioners',
  'respondent',
  'respondents',
  'intervenor',
  'intervenors',
  'applicant',
  'applicants',
  'complainant',
  'plaintiff',
  'plaintiffs',
  'defendant',
  'defendants',
  'appellant',
  'appellee',
  'protests',
  'comments',
  'comment',
  'testimony',
  'direct',
  'rebuttal',
  'behalf',
  'witness',
  'commissioner',
  'commissioners',
  'chairman',
  'judge',
  'justice',
  'mr',
  'ms',
  'mrs',
  'dr',
  'secretary',
  'counsel',
  'docket',
  'dockets',
  'case',
  'order',
  'orders',
  'decision',
  'notice',
  'motion',
  'application',
  'petition',
  'complaint',
  'answer',
  'brief',
  'request',
  'exhibit',
  'table',
  'figure',
  'section',
  'schedule',
  'q',
  'a',
  'see',
  'cf',
  'id',
  'v',
  'vs',
  'including',
  'between',
  'against',
  'approved',
  'staff',
  'take',
  'any',
  'all',
  'subject',
  'summary',
  'action',
  'dates',
  'addresses',
  'agency',
  'sincerely',
  'dated',
  'respectfully',
  'submitted',
  'together',
  'collectively',
  'here',
  'there',
  'then',
  'since',
  'president',
  'vice',
  'director',
  'manager',
  'officer',
  'chief',
  'executive',
  'senior',
  'deputy',
  // Document and caption nouns that precede "of" in titles ("In the Matter of", "Petition to Intervene of").
  'matter',
  'plan',
  'intervene',
  'settlement',
  'agreement',
  'among',
  'reply',
  'initial',
  'protest',
  'statement',
  'memorandum',
  'opinion',
  'ruling',
  'report',
  'review',
  'approval',
  'authorization',
  'investigation',
  'filing',
  'issues',
  'introduction',
  'background',
  'discussion',
  'conclusion',
  'findings',
  'ordering',
  'paragraphs',
  // Question and sentence openers in testimony ("Q. Did Heartland Electric consider ...").
  'did',
  'does',
  'do',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'will',
  'would',
  'can',
  'could',
  'should',
  'please',
  'what',
  'who',
  'why',
  'how',
  'where',
  'which',
  'yes',
  'so',
  'thus',
  'therefore',
]);
// "for" joins a name only after a word that heads advocacy-style names: "Alliance for Affordable Energy".
const FOR_HEADS = new Set([
  'alliance',
  'coalition',
  'council',
  'association',
  'center',
  'centre',
  'institute',
  'committee',
  'foundation',
  'citizens',
  'campaign',
  'partnership',
  'society',
  'network',
  'consumers',
  'advocates',
]);
// Abbreviations whose period does not end a sentence.
const ABBREVIATIONS = new Set([
  'co',
  'corp',
  'inc',
  'ltd',
  'u.s',
  'st',
  'mt',
  'ft',
  'l.l.c',
  'l.p',
  'n.a',
  'bros',
  'jr',
  'sr',
]);
const STATE_WORDS = new Set(US_STATES.flatMap((state) => state.toLowerCase().split(' ')));

const MAX_NAME_TOKENS = 9;

function lower(token: Token): string {
  return token.bare.toLowerCase();
}

/** A period that ends a sentence rather than an abbreviation or an initial. */
function endsSentence(token: Token): boolean {
  return (
    token.text.endsWith('.') &&
    token.bare.length > 1 &&
    !ABBREVIATIONS.has(lower(token)) &&
    !/^[A-Z](\.[A-Z])*$/.test(token.bare)
  );
}

function nameWord(token: Token | undefined): boolean {
  return !!token && isCapitalised(token) && !STOP_WORDS.has(lower(token)) && !endsSentence(token);
}

function isSuffix(token: Token | undefined): boolean {
  return !!token && isCapitalised(token) && (LEGAL_SUFFIXES.has(lower(token)) || UTILITY_WORDS.has(lower(token)));
}

function isConnector(token: Token, allCaps: boolean): boolean {
  const word = token.text;
  return (
    word === '&' ||
    word === 'and' ||
    word === 'of' ||
    word === 'for' ||
    (allCaps && (word === 'AND' || word === 'OF' || word === 'FOR'))
  );
}

/** Walks back from the suffix at `end` over the capitalised words and connectors of a name. */
function nameStart(text: string, tokens: Token[], end: number): number {
  // A heading in capitals ("CASCADIA GAS AND ELECTRIC COMPANY") takes capitalised connectors; judged on
  // the word before the suffix, since suffixes such as "LLC" are capitals anyway.
  const before = tokens[end - 1]?.text === ',' ? tokens[end - 2] : tokens[end - 1];
  const allCaps = isAllCaps(tokens[end] as Token) && !!before && isAllCaps(before) && before.bare.length > 1;
  let first = end;
  for (let j = end - 1; j >= 0 && end - j < MAX_NAME_TOKENS; j--) {
    const token = tokens[j] as Token;
    const next = tokens[j + 1] as Token;
    if (token.text === ',') {
      // Only "Name, Inc." style: a comma right before a legal suffix.
      if (j + 1 !== end || !COMMA_SUFFIXES.has(lower(next))) break;
      continue;
    }
    // Names do not run across lines: a signature block puts a person's name right above a company's.
    if ((!adjacent(text, token, next) || text.slice(token.end, next.start).includes('\n')) && next.text !== ',') break;
    if (isConnector(token, allCaps)) {
      const previous = tokens[j - 1];
      // "X Corp. and Y Power" are two names: no joining across a suffix.
      if (
        !nameWord(previous) ||
        (lower(token) === 'and' && (isSuffix(previous) || AGENCY_HEADS.has(lower(previous as Token))))
      )
        break;
      if (lower(token) === 'for' && !FOR_HEADS.has(lower(previous as Token))) break;
      if (lower(token) === 'of' && !OF_HEADS.has(lower(previous as Token))) break;
      if (!adjacent(text, previous as Token, token)) break;
      continue;
    }
    if (token.text === 'the' && tokens[j - 1]?.text === 'of') continue; // "Bank of the West"
    if (!nameWord(token) || (allCaps && !isAllCaps(token))) break;
    first = j;
  }
  return first;
}

/** "Company of Northern Nevada": extends past the suffix over "of (the) <capitalised words>" ending in a state. */
function extendOf(text: string, tokens: Token[], end: number): number {
  const of = tokens[end + 1];
  if (!of || of.text !== 'of' || !adjacent(text, tokens[end] as Token, of)) return end;
  let j = end + 2;
  if (tokens[j]?.text === 'the') j++;
  let last = end;
  for (let k = j; k < j + 4 && nameWord(tokens[k]) && adjacent(text, tokens[k - 1] as Token, tokens[k] as Token); k++) {
    const word = tokens[k] as Token;
    if (/^(?:Commission|Court|Department|Board|Agency)$/.test(word.bare)) break;
    if (STATE_WORDS.has(lower(word)) || /^(?:Lakes|Valley|Coast|Plains|Region|America)$/.test(word.bare)) last = k;
    if (endsSentence(word)) break;
  }
  return last;
}

/** Organisation names ending in a legal form or a utility-style word, found by walking tokens (linear time). */
export function extractOrganisations(text: string): Candidate[] {
  const tokens = tokenize(text);
  const found: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (!isCapitalised(token)) continue;
    const word = lower(token);
    const legal = LEGAL_SUFFIXES.has(word);
    if (!legal && !UTILITY_WORDS.has(word)) continue;
    if (!HARD_SUFFIXES.has(word)) {
      // "Federal Power Act", "Market Power Analysis": the word is inside a longer capitalised phrase.
      const next = tokens[i + 1];
      if (
        next &&
        isCapitalised(next) &&
        !AFTER_NAME.has(lower(next)) &&
        adjacent(text, token, next) &&
        !endsSentence(token)
      )
        continue;
    }
    const first = nameStart(text, tokens, i);
    if (first === i) continue;
    const firstToken = tokens[first] as Token;
    if (!legal && first === i - 1 && UTILITY_WORDS.has(lower(firstToken))) continue;
    // "1 Financial Center", "77 Beale Street": a house number before the name makes it an address.
    const previous = tokens[first - 1];
    if (previous && /^\d+$/.test(previous.text) && adjacent(text, previous, firstToken)) continue;
    let last = i;
    if (OF_EXTENDABLE.has(word) && !token.text.endsWith('.')) last = extendOf(text, tokens, i);
    const lastToken = tokens[last] as Token;
    // A full word ending a sentence leaves its period; an abbreviation ("Co.") keeps it.
    const keepsPeriod = last === i && ABBREVIATIONS.has(word);
    const end =
      lastToken.text.endsWith('.') && !keepsPeriod && !/^[A-Z](\.[A-Z])+\.$/.test(lastToken.text)
        ? lastToken.end - 1
        : lastToken.end;
    found.push({ kind: 'organisation', text: text.slice(firstToken.start, end), start: firstToken.start, end });
  }
  found.push(...extractMunicipalities(text));
  return found;
}

// "City of Sacramento" and "University of Michigan" as parties; "customers in the Town of Geneva" names a place.
const MUNICIPALITY = /\b(?:City|Town|Village|Borough|University|College) of (?:[A-Z][a-z]+)(?: [A-Z][a-z]+)?\b/g;
const PLACE_CONTEXT = /\b(?:in|near|within|throughout|across|outside) the $/;

function extractMunicipalities(text: string): Candidate[] {
  return [...text.matchAll(MUNICIPALITY)].map((match) => {
    const start = match.index ?? 0;
    const municipal = !/^(?:University|College)/.test(match[0]);
    const kind =
      municipal && PLACE_CONTEXT.test(text.slice(Math.max(0, start - 20), start))
        ? ('place' as const)
        : ('organisation' as const);
    return { kind, text: match[0], start, end: start + match[0].length };
  });
}
