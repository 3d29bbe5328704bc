import { extractDates, extractMoney, extractPercentages } from '@docket/text-facts';
import { abbreviationMentions, findAbbreviations } from './abbreviations';
import { extractAgencies } from './agency.extractor';
import { canonicalEntityKey } from './canonical-key';
import { extractDockets } from './docket.extractor';
import type { EntityMention, ExtractEntitiesOptions } from './entity-mention';
import { extractOrganisations, type Candidate } from './organisation.extractor';
import { extractPeople } from './person.extractor';
import { extractPlaces } from './place.extractor';
import { resolveOverlaps } from './resolve-overlaps';

type Raw = Candidate & { value?: number | string; long?: string };

/**
 * Finds organisations, people, agencies, docket numbers, places, amounts of money, percentages and
 * dates in a text. Pure and synchronous; offsets index into `text`; overlapping candidates are resolved
 * so each character belongs to at most one mention.
 */
export function extractEntities(text: string, options: ExtractEntitiesOptions): EntityMention[] {
  const named: Raw[] = [...extractAgencies(text), ...extractOrganisations(text)];
  const candidates: Raw[] = [
    ...extractDockets(text, options.docketPatterns),
    ...named,
    ...extractPeople(text),
    ...extractPlaces(text),
    ...extractMoney(text),
    // Basis points are not percentages here: the labelled gold counts percent signs and words only.
    ...extractPercentages(text, { basisPoints: false }),
    ...extractDates(text),
  ];
  // Abbreviations are learnt from the names that survive, then found everywhere in the text.
  const firstPass = resolveOverlaps(candidates, text.length);
  const defined = findAbbreviations(text, firstPass);
  const kept =
    defined.length === 0
      ? firstPass
      : resolveOverlaps([...candidates, ...abbreviationMentions(text, defined)], text.length);
  // A name recurs through a filing: its key (a dozen passes over the string) is worked out once per spelling.
  const keys = new Map<string, string>();
  const keyOf = (kind: EntityMention['kind'], name: string): string => {
    const memo = `${kind}\u0000${name}`;
    let key = keys.get(memo);
    if (key === undefined) keys.set(memo, (key = canonicalEntityKey(kind, name)));
    return key;
  };
  return kept.map(({ kind, text: surface, start, end, value, long }) => {
    const mention: EntityMention = { kind, text: surface, start, end, canonical: keyOf(kind, long ?? surface) };
    if (value !== undefined) mention.value = value;
    return mention;
  });
}
