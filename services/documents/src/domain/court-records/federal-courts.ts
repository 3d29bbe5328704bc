/**
 * The federal courts by the ids PACER and CourtListener use ("cand", "nysb", "ca9"), with their full
 * names: a district's id is its state's postal code, its direction's letter (n, s, e, w, m, c) when
 * the state has several districts, and "d" for the district court or "b" for its bankruptcy court.
 */
const STATES: Record<string, string> = {
  al: 'Alabama',
  ak: 'Alaska',
  az: 'Arizona',
  ar: 'Arkansas',
  ca: 'California',
  co: 'Colorado',
  ct: 'Connecticut',
  de: 'Delaware',
  dc: 'the District of Columbia',
  fl: 'Florida',
  ga: 'Georgia',
  gu: 'Guam',
  hi: 'Hawaii',
  id: 'Idaho',
  il: 'Illinois',
  in: 'Indiana',
  ia: 'Iowa',
  ks: 'Kansas',
  ky: 'Kentucky',
  la: 'Louisiana',
  me: 'Maine',
  md: 'Maryland',
  ma: 'Massachusetts',
  mi: 'Michigan',
  mn: 'Minnesota',
  ms: 'Mississippi',
  mo: 'Missouri',
  mt: 'Montana',
  ne: 'Nebraska',
  nv: 'Nevada',
  nh: 'New Hampshire',
  nj: 'New Jersey',
  nm: 'New Mexico',
  ny: 'New York',
  nc: 'North Carolina',
  nd: 'North Dakota',
  nmi: 'the Northern Mariana Islands',
  oh: 'Ohio',
  ok: 'Oklahoma',
  or: 'Oregon',
  pa: 'Pennsylvania',
  pr: 'Puerto Rico',
  ri: 'Rhode Island',
  sc: 'South Carolina',
  sd: 'South Dakota',
  tn: 'Tennessee',
  tx: 'Texas',
  ut: 'Utah',
  vt: 'Vermont',
  vi: 'the Virgin Islands',
  va: 'Virginia',
  wa: 'Washington',
  wv: 'West Virginia',
  wi: 'Wisconsin',
  wy: 'Wyoming',
};

/** The districts of the states that have more than one. */
const DIVIDED: Record<string, string[]> = {
  al: ['n', 'm', 's'],
  ar: ['e', 'w'],
  ca: ['n', 'e', 'c', 's'],
  fl: ['n', 'm', 's'],
  ga: ['n', 'm', 's'],
  il: ['n', 'c', 's'],
  in: ['n', 's'],
  ia: ['n', 's'],
  ky: ['e', 'w'],
  la: ['e', 'm', 'w'],
  mi: ['e', 'w'],
  ms: ['n', 's'],
  mo: ['e', 'w'],
  ny: ['n', 'e', 's', 'w'],
  nc: ['e', 'm', 'w'],
  oh: ['n', 's'],
  ok: ['n', 'e', 'w'],
  pa: ['e', 'm', 'w'],
  tn: ['e', 'm', 'w'],
  tx: ['n', 'e', 's', 'w'],
  va: ['e', 'w'],
  wa: ['e', 'w'],
  wv: ['n', 's'],
  wi: ['e', 'w'],
};

const DIRECTIONS: Record<string, string> = {
  n: 'Northern',
  s: 'Southern',
  e: 'Eastern',
  w: 'Western',
  m: 'Middle',
  c: 'Central',
};

const CIRCUITS = [
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
  'Eleventh',
];

const SPECIAL: Record<string, string> = {
  cadc: 'U.S. Court of Appeals for the District of Columbia Circuit',
  cafc: 'U.S. Court of Appeals for the Federal Circuit',
  cit: 'U.S. Court of International Trade',
  jpml: 'Judicial Panel on Multidistrict Litigation',
  cavc: 'U.S. Court of Appeals for Veterans Claims',
  uscfc: 'U.S. Court of Federal Claims',
  scotus: 'Supreme Court of the United States',
};

function buildCourts(): Map<string, string> {
  const courts = new Map<string, string>(Object.entries(SPECIAL));
  CIRCUITS.forEach((name, i) => courts.set(`ca${i + 1}`, `U.S. Court of Appeals for the ${name} Circuit`));
  for (const circuit of [1, 2, 6, 8, 9, 10])
    courts.set(`bap${circuit}`, `Bankruptcy Appellate Panel of the ${CIRCUITS[circuit - 1]} Circuit`);
  for (const [code, state] of Object.entries(STATES)) {
    const districts = DIVIDED[code] ?? [''];
    for (const direction of districts) {
      const district = direction ? `${DIRECTIONS[direction]} District of ${state}` : `District of ${state}`;
      courts.set(`${code}${direction}d`, `U.S. District Court for the ${district}`);
      courts.set(`${code}${direction}b`, `U.S. Bankruptcy Court for the ${district}`);
    }
  }
  return courts;
}

export const FEDERAL_COURTS: ReadonlyMap<string, string> = buildCourts();

/** The court's full name ("U.S. District Court for the Northern District of California"); '' for an unknown id. */
export function courtName(courtId: string): string {
  return FEDERAL_COURTS.get(courtId) ?? '';
}

const STATE_NAMES = Object.entries(STATES)
  .map(([code, name]) => [code, name.replace(/^the /, '').toLowerCase()] as const)
  .sort((a, b) => b[1].length - a[1].length);

/**
 * The id of a district or bankruptcy court from the way its pages name it: "California Northern
 * District (San Francisco)", "SOUTHERN DISTRICT OF TEXAS (Corpus Christi)", "Alaska (Anchorage)".
 */
export function districtCourtId(line: string, bankruptcy: boolean): string {
  const text = line.toLowerCase().replace(/\([^)]*\)|\[[^\]]*\]/gu, ' ');
  const state = STATE_NAMES.find(([, name]) => new RegExp(`\\b${name}\\b`, 'u').test(text));
  if (!state) return '';
  const [code] = state;
  const direction = /\b(northern|southern|eastern|western|middle|central)\b/u.exec(text)?.[1]?.[0] ?? '';
  const districts = DIVIDED[code];
  if (districts && !districts.includes(direction)) return '';
  const id = `${code}${districts ? direction : ''}${bankruptcy ? 'b' : 'd'}`;
  return FEDERAL_COURTS.has(id) ? id : '';
}
