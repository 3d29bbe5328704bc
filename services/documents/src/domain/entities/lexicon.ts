// Word lists shared by the extractors. Kept in one place so precision fixes touch one file.

export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
  'District of Columbia',
];

export const US_REGIONS = [
  'Pacific Northwest',
  'New England',
  'Mid-Atlantic',
  'Midwest',
  'Southeast',
  'Northeast',
  'Southwest',
  'Great Plains',
  'Gulf Coast',
];

// Cities that filings name as places; a fixed list keeps "Jackson" the person apart from Jackson the city.
export const US_CITIES = [
  'Albany',
  'Albuquerque',
  'Anchorage',
  'Annapolis',
  'Atlanta',
  'Austin',
  'Baltimore',
  'Baton Rouge',
  'Bismarck',
  'Boise',
  'Boston',
  'Buffalo',
  'Charlotte',
  'Cheyenne',
  'Chicago',
  'Cincinnati',
  'Cleveland',
  'Columbus',
  'Dallas',
  'Denver',
  'Des Moines',
  'Detroit',
  'El Paso',
  'Fresno',
  'Harrisburg',
  'Hartford',
  'Honolulu',
  'Houston',
  'Indianapolis',
  'Jacksonville',
  'Juneau',
  'Kansas City',
  'Lansing',
  'Las Vegas',
  'Little Rock',
  'Los Angeles',
  'Louisville',
  'Madison',
  'Memphis',
  'Miami',
  'Milwaukee',
  'Minneapolis',
  'Nashville',
  'New Orleans',
  'New York City',
  'Newark',
  'Oakland',
  'Oklahoma City',
  'Omaha',
  'Orlando',
  'Philadelphia',
  'Phoenix',
  'Pittsburgh',
  'Portland',
  'Providence',
  'Raleigh',
  'Reno',
  'Richmond',
  'Rochester',
  'Sacramento',
  'Salt Lake City',
  'San Antonio',
  'San Diego',
  'San Francisco',
  'San Jose',
  'Santa Fe',
  'Seattle',
  'Spokane',
  'St. Louis',
  'St. Paul',
  'Stockton',
  'Syracuse',
  'Tallahassee',
  'Tampa',
  'Toledo',
  'Topeka',
  'Trenton',
  'Tucson',
  'Tulsa',
  'Wilmington',
];

/** Escapes a literal for use inside a RegExp. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An alternation of literals (spaces match any whitespace run) that tries, at each position, the
 * longest literal that matches first, as a longest-first list would. Shaped as a trie
 * (`New\s+(?:York(?:\s+City)?|Jersey)` rather than `New York City|New York|New Jersey`): a flat list
 * of a hundred names makes the regex engine try each name at every position of a text (on long
 * court pages, a third of the extractors' time).
 */
export function alternation(literals: readonly string[]): string {
  const root = new TrieNode();
  for (const literal of literals) root.add(literalUnits(literal));
  return root.pattern();
}

/** A literal as regex units: one escaped character each, a space as `\s+`. */
function literalUnits(literal: string): string[] {
  return [...literal].map((character) => (character === ' ' ? '\\s+' : escapeRegExp(character)));
}

class TrieNode {
  private readonly children = new Map<string, TrieNode>();
  private ends = false;

  add(units: string[]): void {
    if (units.length === 0) {
      this.ends = true;
      return;
    }
    const [unit, ...rest] = units as [string, ...string[]];
    let child = this.children.get(unit);
    if (!child) this.children.set(unit, (child = new TrieNode()));
    child.add(rest);
  }

  /** The node's continuations, each tried before stopping here (a literal's longer extensions first). */
  pattern(): string {
    const branches = [...this.children].map(([unit, child]) => unit + child.pattern());
    if (branches.length === 0) return '';
    const group = branches.length === 1 && !this.ends ? (branches[0] as string) : `(?:${branches.join('|')})`;
    return this.ends ? `${branches.length === 1 ? `(?:${branches[0]})` : group}?` : group;
  }
}
