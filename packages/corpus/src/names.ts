/** Fictional names for the organisations and people in the corpus. */
import type { Industry, Source } from './model';
import { firstNames, industryWords, lastNames, middleInitials, regionWords } from './names.data';
import type { Rng } from './random';

export interface Company {
  name: string;
  industry: Industry;
}

export function personName(rng: Rng): string {
  const middle = rng.chance(0.6) ? ` ${rng.pick(middleInitials)}.` : '';
  return `${rng.pick(firstNames)}${middle} ${rng.pick(lastNames)}`;
}

export function lastNameOf(name: string): string {
  return name.split(' ').at(-1) ?? name;
}

/** "the revenue requirement" -> "Revenue Requirement". */
export function titleCase(phrase: string): string {
  const small = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'to', 'a', 'an', 'under', 'or']);
  return phrase
    .replace(/^the /, '')
    .split(' ')
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The utilities regulated by (or litigating before) a source, several per industry. */
export function companyPool(rng: Rng, source: Source): Company[] {
  const regions = regionWords[source.state] ?? (regionWords.US as string[]);
  const seen = new Set<string>();
  const out: Company[] = [];
  for (const industry of source.industries) {
    const perIndustry = industry === 'electric' || industry === 'pipeline' ? 4 : 3;
    let attempts = 0;
    while (out.filter((company) => company.industry === industry).length < perIndustry && attempts++ < 40) {
      const name = `${rng.pick(regions)} ${rng.pick(industryWords[industry])}`;
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, industry });
    }
  }
  return out;
}
