import { nameKey } from '@docket/query-language';

/** Words of a case name that do not tell one case from another. */
const COMMON = new Set([
  'v',
  'vs',
  'versus',
  'et',
  'al',
  'in',
  're',
  'the',
  'of',
  'and',
  'a',
  'an',
  'inc',
  'llc',
  'corp',
  'co',
  'ltd',
  'lp',
  'l',
  'p',
  'usa',
  'united',
  'states',
]);

/**
 * How much of a case's name a question names: the share of the name's distinctive words among the
 * question's words ("Creative Internet Advertising Corp. v. Yahoo! Inc" in "who is the judge in
 * Creative Internet Advertising v. Yahoo?" scores 1). 0 when the name has no distinctive word.
 */
export function caseNameShare(question: string, caseName: string): number {
  const asked = new Set(nameKey(question).split(' '));
  const words = [
    ...new Set(
      nameKey(caseName)
        .split(' ')
        .filter((word) => word.length > 1 && !COMMON.has(word)),
    ),
  ];
  if (words.length === 0) return 0;
  return words.filter((word) => asked.has(word)).length / words.length;
}
