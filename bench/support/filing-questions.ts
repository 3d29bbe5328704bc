/** Questions for the benches, written the way a user of a docket might ask them. */

export interface QuestionSource {
  /** A generated filing's description, which names its subjects ("… addressing X and Y; …"). */
  description: string;
  filers: readonly string[];
  docketNumber: string;
}

interface Picker {
  pick<T>(items: readonly T[]): T;
}

/** A question about a filing's own subjects, filer or docket. */
export function questionAbout(filing: QuestionSource, random: Picker): string {
  const subjects = /addressing (.+?) and (.+?);/.exec(filing.description);
  const named = [subjects?.[1], subjects?.[2]].filter((s): s is string => Boolean(s));
  const subject = named.length > 0 ? random.pick(named) : 'the revenue requirement';
  const filer = filing.filers[0] ?? 'the utility';
  return random.pick([
    `What did the Commission decide about ${subject}?`,
    `How much did ${filer} ask for ${subject}?`,
    `When are comments due in docket ${filing.docketNumber}?`,
    `What return on equity was proposed for ${subject}?`,
    `What are the positions of the parties on ${subject}?`,
    `What rate increase was approved in ${filing.docketNumber}?`,
  ]);
}
