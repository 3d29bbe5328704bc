import type { KeyFact } from '../analysis-model';
import { wordIndexOf } from '../key-facts';
import { filerOf, type RecordFiling, type RecordSentence } from './record-sentences';
import { slotFact } from './slot-fact';

const INTERVENTION = /\binterven(?:e|es|ed|ing|tion|tions|or|ors)\b/i;
const STAFF = /\b(?:staff)\b/i;

/** Every party name the proceeding's filings carry (their docket's parties and their filers), once each. */
export function partyNames(filings: readonly RecordFiling[]): string[] {
  const names = new Map<string, string>();
  for (const { document } of filings) {
    for (const name of [...(document.parties ?? []), ...(document.filers ?? [])]) {
      const key = name.trim().toLowerCase();
      if (key.length >= 3 && !names.has(key)) names.set(key, name.trim());
    }
  }
  return [...names.values()];
}

/** A sentence that says who applies: the caption's "Application of X for", "X (the "Applicant")", "X requests". */
const APPLIES = new RegExp(
  String.raw`\b(?:applicant|application of|petition of|requests?|seeks?|` +
    String.raw`respectfully (?:submits|petitions|files)|hereby files|complaint of)\b`,
  'i',
);

/**
 * The applicant: the party the proceeding's first application says applies (its caption or its
 * opening), which is not always who filed it (counsel, a co-applicant); else its filer.
 */
export function applicants(filings: readonly RecordFiling[]): KeyFact[] {
  const first = filings
    .filter((f) => f.category === 'application' && !INTERVENTION.test(f.document.title))
    .sort((a, b) => a.filedMs - b.filedMs)[0];
  if (!first) return [];
  const candidates = [...new Set([...(first.document.filers ?? []), ...(first.document.parties ?? [])])].filter(
    (name) => name.trim().length >= 3,
  );
  for (const sentence of first.sentences) {
    if (!APPLIES.test(sentence.text) || INTERVENTION.test(sentence.text)) continue;
    const named = candidates
      .map((name) => ({ name, found: sentenceNaming([sentence], name) }))
      .filter((c) => c.found)
      .sort((a, b) => sentence.text.indexOf(a.found!.text) - sentence.text.indexOf(b.found!.text))[0];
    if (named?.found)
      return [
        slotFact(
          'applicant',
          'party',
          named.found.sentence,
          { text: named.found.text, normalized: named.name },
          named.name,
        ),
      ];
  }
  const filer = filerOf(first.document);
  const found = sentenceNaming(first.sentences, filer);
  return found ? [slotFact('applicant', 'party', found.sentence, { text: found.text, normalized: filer }, filer)] : [];
}

/** The decision-maker's staff taking part, cited where a filing names it. */
export function staffParties(filings: readonly RecordFiling[]): KeyFact[] {
  return partyNames(filings)
    .filter((name) => STAFF.test(name))
    .flatMap((name) => {
      // Cited at Staff's own filings first (which may call it just "Staff"), then the decision-maker's,
      // and only then at another party's filing that mentions it.
      const own = filings.filter((f) => filerOf(f.document) === name);
      const decisional = filings.filter(
        (f) => f.category === 'order' || f.category === 'decision' || f.category === 'notice',
      );
      const others = filings.filter((f) => !own.includes(f) && !decisional.includes(f));
      for (const group of [own, decisional, others]) {
        for (const filing of group) {
          const found =
            sentenceNaming(filing.sentences, name) ??
            (group === own ? sentenceNaming(filing.sentences, 'Staff') : undefined);
          if (found) return [slotFact('staff', 'party', found.sentence, { text: found.text, normalized: name }, name)];
        }
      }
      return [];
    });
}

/**
 * The intervenors, each cited at the filing that makes it a party: the order granting its
 * intervention when the index has it, else its own petition to intervene. The applicant and staff are not intervenors.
 */
export function intervenors(filings: readonly RecordFiling[], exclude: readonly string[]): KeyFact[] {
  const excluded = new Set(exclude.map((name) => name.toLowerCase()));
  const orders = filings
    .filter((f) => f.category === 'order' || f.category === 'decision')
    .sort((a, b) => a.filedMs - b.filedMs);
  const names = partyNames(filings);
  // "Utility Intervention Unit" is not about intervening just by its name.
  // Judged once per text: every party's search below asks about the same orders' sentences.
  const judged = new Map<string, boolean>();
  const aboutIntervening = (text: string) => {
    let about = judged.get(text);
    if (about === undefined) {
      about = INTERVENTION.test(names.reduce((rest, name) => rest.split(name).join(' '), text));
      judged.set(text, about);
    }
    return about;
  };
  const petitions = filings
    .filter((f) => f.category === 'motion' && aboutIntervening(f.document.title))
    .sort((a, b) => a.filedMs - b.filedMs);
  // The orders name whom they admit, whether or not the index knows them as the docket's parties
  // (an imported filing carries no docket parties).
  const granting = orders.flatMap((order) => order.sentences.flatMap((sentence) => grantedIn(sentence.text, names)));
  const known = new Set(names.map((name) => name.toLowerCase()));
  for (const name of granting) {
    if (!known.has(name.toLowerCase())) {
      known.add(name.toLowerCase());
      names.push(name);
    }
  }
  const facts: KeyFact[] = [];
  for (const name of names) {
    if (excluded.has(name.toLowerCase()) || STAFF.test(name)) continue;
    const granted = firstNaming(orders, name, (sentence) => aboutIntervening(sentence.text));
    // A petition stands for its filer only where no order has granted intervention yet: once one
    // has, a petitioner it does not name is not (yet) a party.
    const petitioned =
      granting.length === 0
        ? firstNaming(
            petitions.filter((p) => filerOf(p.document).toLowerCase() === name.toLowerCase()),
            name,
            () => true,
          )
        : undefined;
    const found = granted ?? petitioned;
    if (found)
      facts.push(slotFact('intervenor', 'party', found.sentence, { text: found.text, normalized: name }, name));
  }
  return facts;
}

// "The petition to intervene of X is granted"; "the motions to intervene of A, B and C are granted";
// "granting the petitions to intervene of A and B".
const GRANTED_AFTER = new RegExp(
  String.raw`\b(?:petitions?|motions?|requests?) (?:to intervene|for leave to intervene|for intervention) ` +
    String.raw`(?:filed )?(?:by|of) (.+?),? (?:is|are) (?:hereby )?granted\b`,
  'i',
);
const GRANTING = new RegExp(
  String.raw`\bgrant(?:s|ing|ed)? (?:the )?(?:timely )?(?:petitions?|motions?|requests?) ` +
    String.raw`(?:to intervene|for leave to intervene|for intervention) (?:filed )?(?:by|of) (.+?)\.?\s*$`,
  'i',
);

/**
 * The names an order's sentence admits as intervenors ('' when it admits none). A name the filings
 * know with a comma in it ("Department of Commerce, Division of Energy Resources") stays whole.
 */
export function grantedIn(sentence: string, known: readonly string[] = []): string[] {
  const list = GRANTED_AFTER.exec(sentence)?.[1] ?? GRANTING.exec(sentence)?.[1];
  if (!list) return [];
  const whole = known.filter((name) => name.includes(',') && list.includes(name)).sort((a, b) => b.length - a.length);
  const held = whole.reduce((rest, name, i) => rest.split(name).join(`⟦${i}⟧`), list);
  // A comma before a corporate suffix ("Acme Power, LLC") is part of the name.
  return held
    .split(/,(?!\s*(?:LLC|L\.L\.C\.|Inc\.?|LP|L\.P\.|Ltd\.?|Corp\.?)(?:\W|$))\s*(?:and\s+)?|\s+and\s+(?=[A-Z])/)
    .map((name) =>
      name
        .replace(/⟦(\d+)⟧/gu, (_, i: string) => whole[Number(i)] ?? '')
        .trim()
        .replace(/^the\s+(?=[A-Z])/i, (article) => (/^The\s/.test(article) ? article : ''))
        .trim(),
    )
    .filter((name) => name.length >= 3 && /^[A-Z]/.test(name));
}

function firstNaming(filings: readonly RecordFiling[], name: string, accept: (sentence: RecordSentence) => boolean) {
  for (const filing of filings) {
    const found = sentenceNaming(filing.sentences.filter(accept), name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The first sentence naming `name` as the filings write it (at word boundaries), else in any case (a
 * heading in capitals), with the name as written there.
 */
export function sentenceNaming(
  sentences: readonly RecordSentence[],
  name: string,
): { sentence: RecordSentence; text: string } | undefined {
  for (const sentence of sentences) {
    const at = wordIndexOf(sentence.text, name);
    if (at >= 0) return { sentence, text: name };
  }
  const key = name.toLowerCase();
  for (const sentence of sentences) {
    const at = wordIndexOf(sentence.text.toLowerCase(), key);
    if (at >= 0) return { sentence, text: sentence.text.slice(at, at + name.length) };
  }
  return undefined;
}
