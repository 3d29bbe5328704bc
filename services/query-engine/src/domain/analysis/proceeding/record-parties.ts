import type { KeyFact } from '../analysis-model';
import { filerOf, type RecordFiling, type RecordSentence } from './record-sentences';
import { wordIndexOf } from '../key-facts';
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
const APPLIES = /\b(?:applicant|application of|petition of|requests?|seeks?|respectfully (?:submits|petitions|files)|hereby files|complaint of)\b/i;

/**
 * The applicant: the party the proceeding's first application says applies (its caption or its
 * opening), which is not always who filed it (counsel, a co-applicant); else its filer.
 */
export function applicants(filings: readonly RecordFiling[]): KeyFact[] {
  const first = filings.filter((f) => f.category === 'application' && !INTERVENTION.test(f.document.title)).sort((a, b) => a.filedMs - b.filedMs)[0];
  if (!first) return [];
  const candidates = [...new Set([...(first.document.filers ?? []), ...(first.document.parties ?? [])])].filter((name) => name.trim().length >= 3);
  for (const sentence of first.sentences) {
    if (!APPLIES.test(sentence.text) || INTERVENTION.test(sentence.text)) continue;
    const named = candidates
      .map((name) => ({ name, found: sentenceNaming([sentence], name) }))
      .filter((c) => c.found)
      .sort((a, b) => sentence.text.indexOf(a.found!.text) - sentence.text.indexOf(b.found!.text))[0];
    if (named?.found) return [slotFact('applicant', 'party', named.found.sentence, { text: named.found.text, normalized: named.name }, named.name)];
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
      const decisional = filings.filter((f) => f.category === 'order' || f.category === 'decision' || f.category === 'notice');
      const others = filings.filter((f) => !own.includes(f) && !decisional.includes(f));
      for (const group of [own, decisional, others]) {
        for (const filing of group) {
          const found = sentenceNaming(filing.sentences, name) ?? (group === own ? sentenceNaming(filing.sentences, 'Staff') : undefined);
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
  const orders = filings.filter((f) => f.category === 'order' || f.category === 'decision').sort((a, b) => a.filedMs - b.filedMs);
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
  const facts: KeyFact[] = [];
  for (const name of names) {
    if (excluded.has(name.toLowerCase()) || STAFF.test(name)) continue;
    const granted = firstNaming(orders, name, (sentence) => aboutIntervening(sentence.text));
    const found = granted ?? firstNaming(petitions.filter((p) => filerOf(p.document).toLowerCase() === name.toLowerCase()), name, () => true);
    if (found) facts.push(slotFact('intervenor', 'party', found.sentence, { text: found.text, normalized: name }, name));
  }
  return facts;
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
export function sentenceNaming(sentences: readonly RecordSentence[], name: string): { sentence: RecordSentence; text: string } | undefined {
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
