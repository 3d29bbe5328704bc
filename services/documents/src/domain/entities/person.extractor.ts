import { MONTHS } from '@docket/text-facts';
import { alternation } from './lexicon';
import type { Candidate } from './organisation.extractor';

// One name word: "Ashby", "O'Neill", "McAllister", "Alvarez-Quinn", "Debbie-Anne".
const WORD = "(?:O['’]|D['’]|Mc|Mac)?[A-Z][a-z]+(?:[A-Z][a-z]+)?(?:-[A-Z][a-z]+)?";
const INITIAL = '[A-Z]\\.';
// Name words are separated by spaces only: a name never runs across a line break ("Priya D. Castillo\nCity of ...").
const SP = '[ \\t]';
const GENERATION = `(?:,?${SP}Jr\\.|,?${SP}Sr\\.|${SP}I{2,3}\\b)`;
// First (Middle|M.){0,2} Last [Jr.]; bounded repetition, so no catastrophic backtracking.
const FULL = `${WORD}(?:${SP}(?:${INITIAL}|${WORD})){0,2}${SP}${WORD}${GENERATION}?`;
const FULL_OR_SURNAME = `(?:${FULL}|${WORD})`;
const CAPS_WORD = "[A-Z][A-Z'’-]+";

const TITLE =
  '(?:Administrative\\sLaw\\sJudge|Chief\\sAdministrative\\sLaw\\sJudge|Presiding\\sJudge|Chief\\sJudge|' +
  'Circuit\\sJudge|District\\sJudge|Magistrate\\sJudge|Senior\\sJudge|Judge|Chief\\sJustice|Justice|' +
  'Commissioners?|Chairman|Chairwoman|Chair|Vice\\sChair|' +
  'Senator|Representative|Governor|Lt\\.\\sGov\\.|Gov\\.|Sen\\.|Rep\\.|Mayor|Secretary|Witness|witness,?|' +
  'Mr\\.|Ms\\.|Mrs\\.|Dr\\.|Hon\\.|Honorable|Professor|Prof\\.|ALJ)';
const ROLE_AFTER =
  '(?:Vice\\sPresident|President|Director|Manager|Counsel|counsel|Attorney|attorney|witness|consultant|Secretary|' +
  'Solicitor|Deputy\\sSolicitor|Chief|economist|engineer|analyst|officer|former|Ph\\.D\\.|P\\.E\\.|Esq\\.|' +
  'testified|testifies)';

// Patterns with a title or a panel may give a surname alone; the others need at least two words.
const LAST_SURNAME_PATTERN = 2;
const PATTERNS: RegExp[] = [
  // Titles and honorifics: "Commissioner Jane Doe", "Mr. Kessler", "Commissioners A and B".
  new RegExp(`\\b${TITLE}\\s(?:(?:Mr|Ms|Mrs|Dr)\\.\\s)?(?<name>${FULL_OR_SURNAME})`, 'gd'),
  new RegExp(
    `\\b(?:Commissioners|Judges|Justices|Messrs\\.|Witnesses)\\s` +
      `(?<name>${FULL_OR_SURNAME})\\sand\\s(?<second>${FULL_OR_SURNAME})`,
    'gd',
  ),
  // Opinion authors: "Bramwell, Circuit Judge:".
  new RegExp(
    `(?<![\\w.])(?<name>${FULL_OR_SURNAME}),\\s` +
      `(?:Chief\\s|Senior\\s)?(?:Circuit|District|Magistrate|Bankruptcy)\\sJudge\\b`,
    'gd',
  ),
  // Appellate panels: "Before: MORALES, HARTWELL and OKONJO, Circuit Judges."
  // (also "Before X, Chief Judge, and Y and Z, ...")
  /\bBefore:?\s(?<panel>[A-Z][^.;:]{1,120}?),\s(?:Senior\s)?(?:Circuit|District|Chief)?\s?Judges\b/dg,
  // "testimony of David M. Kessler", "DIRECT TESTIMONY OF ELAINE M. FORSYTHE".
  new RegExp(
    `\\b(?:[Tt]estimony|[Aa]ffidavit|[Dd]eclaration|[Dd]eposition)\\sof\\s` +
      `(?:Dr\\.\\s|Mr\\.\\s|Ms\\.\\s)?(?<name>${FULL})`,
    'gd',
  ),
  new RegExp(
    `\\b(?:TESTIMONY|AFFIDAVIT|DECLARATION)\\sOF\\s(?:DR\\.\\s|MR\\.\\s|MS\\.\\s)?` +
      `(?<name>${CAPS_WORD}(?:${SP}(?:${INITIAL}|${CAPS_WORD})){1,2})`,
    'gd',
  ),
  // Signatures and sign-offs.
  new RegExp(`(?:/s/|Sincerely,|Respectfully\\ssubmitted,|By:|[Cc]ontact:?|Attn:|Signed,?)\\s+(?<name>${FULL})`, 'gd'),
  // A list of signatories: "Signed, Karen Olson, Peter Mueller, and 212 others".
  new RegExp(`Signed,?\\s(?:${FULL},\\s){1,10}(?<name>${FULL})`, 'gd'),
  new RegExp(`Signed,?\\s${FULL},\\s(?<name>${FULL})`, 'gd'),
  // Roles introducing a name: "represented by X", "Counsel for petitioner, X", "its witness, X".
  new RegExp(
    `\\b(?:represented\\sby|[Cc]ounsel\\sfor\\s[a-z]+,|sponsored\\sby|testimony\\sof|My\\sname\\sis|I\\sam)\\s` +
      `(?<name>${FULL})`,
    'gd',
  ),
  // A comment signed with a bare name as its last sentence: "... Please help us. Edna Fairweather".
  new RegExp(`[.!?]\\s+(?<name>${FULL})\\s*$`, 'gd'),
  // A name followed by its role: "Laura Chen, Vice President", "James O'Neill Jr., an independent consultant".
  new RegExp(`(?<![\\w.])(?<name>${FULL}),?\\s(?:an?\\s|the\\s|its\\s)?(?:[A-Za-z]+\\s){0,2}?${ROLE_AFTER}`, 'gd'),
  // Signature blocks: a name on its own line above its title ("GRACE PATEL\nCommissioner").
  new RegExp(
    `^[ \\t]*(?<name>${FULL}|${CAPS_WORD}(?:${SP}(?:${INITIAL}|${CAPS_WORD})){1,2})[ \\t]*\\r?\\n[ \\t]*` +
      `(?:Chairman|Chairwoman|Chair|Vice${SP}Chair|Commissioner|President|Secretary|Executive${SP}Secretary|` +
      `Administrative${SP}Law${SP}Judge|(?:Chief${SP}|Circuit${SP}|District${SP})?Judge)\\b`,
    'gmd',
  ),
  // "First M. Last" anywhere: a middle initial is a strong sign of a person.
  new RegExp(`(?<![\\w.])(?<name>${WORD}\\s${INITIAL}\\s${WORD}${GENERATION}?)`, 'gd'),
  // A name followed by what only people do in filings: "Rebecca Liang and Omar Haddad co-sponsor this testimony".
  new RegExp(
    `(?<![\\w.])(?<name>${FULL})(?:\\sand\\s(?<second>${FULL}))?\\s(?:co-sponsors?|testif(?:y|ies|ied))\\b`,
    'gd',
  ),
  // A sign-off at the end of a comment: "... for the easement. -- Gloria Hendricks".
  new RegExp(`(?:--|—|–)\\s?(?<name>${FULL})\\s*$`, 'gd'),
];

/**
 * Words without which a pattern cannot match, by pattern: a text without them skips the pattern (same
 * mentions, less work: each pattern otherwise tries a name at every capitalised word of the text).
 * Patterns with no such word, or one most filings have, are not listed.
 */
const NEEDLES = new Map<RegExp, RegExp[]>([
  [PATTERNS[1] as RegExp, [/Commissioners|Judges|Justices|Messrs\.|Witnesses/]],
  [PATTERNS[2] as RegExp, [/Judge/]],
  [PATTERNS[3] as RegExp, [/Before/, /Judges/]],
  [PATTERNS[4] as RegExp, [/[Tt]estimony|[Aa]ffidavit|[Dd]eclaration|[Dd]eposition/]],
  [PATTERNS[5] as RegExp, [/TESTIMONY|AFFIDAVIT|DECLARATION/]],
  [PATTERNS[6] as RegExp, [/\/s\/|Sincerely,|Respectfully\ssubmitted,|By:|[Cc]ontact|Attn:|Signed/]],
  [PATTERNS[7] as RegExp, [/Signed/]],
  [PATTERNS[8] as RegExp, [/Signed/]],
  [PATTERNS[9] as RegExp, [/represented\sby|[Cc]ounsel\sfor|sponsored\sby|testimony\sof|My\sname\sis|I\sam/]],
  [PATTERNS[12] as RegExp, [/Chair|Commissioner|President|Secretary|Judge/]],
  [PATTERNS[14] as RegExp, [/co-sponsor|testif/]],
  [PATTERNS[15] as RegExp, [/--|—|–/]],
]);

// Words that look like names but are not (headings, organisations, months, places).
// State names are left out: "Aisha R. Washington" is a person; cues decide, and "New York" never has one.
const NOT_NAME_WORDS = new Set([
  ...Object.keys(MONTHS),
  'the',
  'commission',
  'court',
  'company',
  'corporation',
  'inc',
  'llc',
  'power',
  'energy',
  'electric',
  'gas',
  'utilities',
  'pipeline',
  'department',
  'office',
  'staff',
  'docket',
  'order',
  'section',
  'exhibit',
  'table',
  'federal',
  'united',
  'states',
  'public',
  'service',
  'act',
  'rule',
  'rules',
  'notice',
  'comments',
  'testimony',
  'applicants',
  'applicant',
  'petitioner',
  'petitioners',
  'respondent',
  'intervenors',
  'association',
  'council',
  'authority',
  'cooperative',
  'agency',
  'board',
  'university',
  'on',
  'behalf',
  'of',
  'for',
  'and',
  'in',
  'at',
  'my',
  'our',
  'we',
  'this',
  'that',
  'any',
  'each',
  'all',
  'chairman',
  'commissioner',
  'judge',
  'secretary',
  'circuit',
  'district',
  'hearing',
  'settlement',
  'summary',
  'action',
  'dates',
  'addresses',
  'tariff',
  'project',
  'commissioners',
  'judges',
  'counsel',
  'vice',
  'president',
  'director',
  'manager',
  'attorney',
  'witness',
  'chief',
  'deputy',
  'solicitor',
  'general',
  'esq',
  'dated',
  'sincerely',
  'respectfully',
  'submitted',
  'before',
  'mr',
  'ms',
  'mrs',
  'dr',
  'senior',
  'q',
  'a',
  'did',
  'does',
  'is',
  'are',
  'has',
  'have',
  'will',
  'as',
  'if',
  'when',
  'contact',
  'signed',
  'attn',
  'attention',
  'cc',
  'thank',
  'thanks',
  'you',
  'regards',
  'best',
  'yours',
  'truly',
  'university',
  'college',
  'laboratory',
  'institute',
  'center',
]);

// Initials ("A.", "Q.") are never stop words, even where the letter alone is ("Q. ... A." in testimony).
const isNotNameWord = (word: string) =>
  !/^[A-Z]\.$/.test(word) && NOT_NAME_WORDS.has(word.replace(/[.,]$/, '').toLowerCase());

const TITLE_WORDS = new Set([
  'justice',
  'justices',
  'judge',
  'judges',
  'commissioner',
  'commissioners',
  'chairman',
  'chairwoman',
  'witness',
  'mr',
  'ms',
  'mrs',
  'dr',
  'senator',
  'governor',
  'gov',
  'sen',
  'rep',
  'hon',
  'mayor',
]);

// Words after which a name may end ("Jennifer L. Ames Counsel"); any other non-name word ("Lone Star Electric")
// means the words were never a person's name.
const ROLE_WORDS = new Set([
  'counsel',
  'vice',
  'president',
  'director',
  'manager',
  'attorney',
  'witness',
  'chief',
  'deputy',
  'solicitor',
  'esq',
  'dated',
  'secretary',
  'chairman',
  'commissioner',
  'judge',
  'senior',
  'contact',
  'general',
  'on',
  'for',
  'and',
  'of',
  'in',
  'at',
  'before',
  'is',
  'did',
  'does',
  'has',
  'will',
  'as',
  'if',
  'when',
  'q',
  'a',
]);

/**
 * Drops leading titles ("Justice Amara Nwosu") and cuts the name before a role word that follows it
 * ("Jennifer L. Ames Counsel"); '' if nothing is left or the words belong to an organisation.
 */
function trimName(name: string): string {
  const words = name.split(/\s+/);
  while (words.length > 1 && TITLE_WORDS.has((words[0] as string).replace(/\.$/, '').toLowerCase())) words.shift();
  const stop = words.findIndex(isNotNameWord);
  if (stop > 0 && !ROLE_WORDS.has((words[stop] as string).replace(/[.,]$/, '').toLowerCase())) return '';
  const kept = stop === -1 ? words : words.slice(0, stop);
  while (kept.length > 0 && /^[A-Z]\.$|,$/.test(kept[kept.length - 1] as string)) kept.pop();
  return kept.join(' ');
}

/** People, found by titles, roles and signatures; names seen once are then found everywhere in the text. */
export function extractPeople(text: string): Candidate[] {
  const found: Candidate[] = [];
  const add = (start: number, surface: string, minWords = 2) => {
    const name = trimName(surface);
    if (name.length < 2 || name.split(/\s+/).length < minWords) return;
    const offset = start + surface.indexOf(name);
    found.push({ kind: 'person', text: name, start: offset, end: offset + name.length });
  };
  for (const [index, pattern] of PATTERNS.entries()) {
    if (NEEDLES.get(pattern)?.some((needle) => !needle.test(text))) continue;
    const minWords = index <= LAST_SURNAME_PATTERN ? 1 : 2;
    for (const match of text.matchAll(pattern)) {
      const groups = match.indices?.groups ?? {};
      for (const key of ['name', 'second'] as const) {
        const span = groups[key];
        if (!span) continue;
        add(span[0], text.slice(span[0], span[1]), minWords);
      }
      if (groups.panel) {
        const [panelStart, panelEnd] = groups.panel;
        for (const judge of text.slice(panelStart, panelEnd).matchAll(/[A-Z][A-Za-z'’-]+/g)) {
          if (!/^(?:Chief|Circuit|District|Senior|Judges?|Justices?)$/.test(judge[0]))
            add(panelStart + (judge.index ?? 0), judge[0], 1);
        }
      }
    }
  }
  // A surname seen after a title ("Ms. Liang") makes "Rebecca Liang" elsewhere a person too.
  // One alternation per pass, so a long text is scanned twice, not once per name.
  const surnames = [...new Set(found.map((mention) => mention.text).filter((name) => !/\s/.test(name)))];
  if (surnames.length > 0) {
    const regex = new RegExp(`(?<![\\w.])${WORD}\\s(?:${INITIAL}\\s)?(?:${alternation(surnames)})(?![\\w])`, 'g');
    for (const match of text.matchAll(regex)) add(match.index ?? 0, match[0]);
  }
  // A full name found once is a person wherever else it appears.
  const fullNames = [...new Set(found.map((mention) => mention.text).filter((name) => /\s/.test(name)))];
  if (fullNames.length > 0) {
    for (const match of text.matchAll(new RegExp(`(?<![\\w])(?:${alternation(fullNames)})(?![\\w])`, 'g')))
      add(match.index ?? 0, match[0]);
  }
  return found;
}
