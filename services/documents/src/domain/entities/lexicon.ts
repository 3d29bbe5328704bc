// Word lists shared by the extractors. Kept in one place so precision fixes touch one file.

export const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida',
  'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine',
  'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska',
  'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio',
  'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas',
  'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'District of Columbia',
];

export const US_REGIONS = [
  'Pacific Northwest', 'New England', 'Mid-Atlantic', 'Midwest', 'Southeast', 'Northeast', 'Southwest',
  'Great Plains', 'Gulf Coast',
];

// Cities that filings name as places; a fixed list keeps "Jackson" the person apart from Jackson the city.
export const US_CITIES = [
  'Albany', 'Albuquerque', 'Anchorage', 'Annapolis', 'Atlanta', 'Austin', 'Baltimore', 'Baton Rouge', 'Bismarck',
  'Boise', 'Boston', 'Buffalo', 'Charlotte', 'Cheyenne', 'Chicago', 'Cincinnati', 'Cleveland', 'Columbus',
  'Dallas', 'Denver', 'Des Moines', 'Detroit', 'El Paso', 'Fresno', 'Harrisburg', 'Hartford', 'Honolulu',
  'Houston', 'Indianapolis', 'Jacksonville', 'Juneau', 'Kansas City', 'Lansing', 'Las Vegas', 'Little Rock',
  'Los Angeles', 'Louisville', 'Madison', 'Memphis', 'Miami', 'Milwaukee', 'Minneapolis', 'Nashville',
  'New Orleans', 'New York City', 'Newark', 'Oakland', 'Oklahoma City', 'Omaha', 'Orlando', 'Philadelphia',
  'Phoenix', 'Pittsburgh', 'Portland', 'Providence', 'Raleigh', 'Reno', 'Richmond', 'Rochester', 'Sacramento',
  'Salt Lake City', 'San Antonio', 'San Diego', 'San Francisco', 'San Jose', 'Santa Fe', 'Seattle', 'Spokane',
  'St. Louis', 'St. Paul', 'Stockton', 'Syracuse', 'Tallahassee', 'Tampa', 'Toledo', 'Topeka', 'Trenton',
  'Tucson', 'Tulsa', 'Wilmington',
];

/** Escapes a literal for use inside a RegExp. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A longest-first alternation of literals (spaces match any whitespace run). */
export function alternation(literals: readonly string[]): string {
  return [...literals]
    .sort((a, b) => b.length - a.length)
    .map((literal) => escapeRegExp(literal).replace(/ /g, '\\s+'))
    .join('|');
}
