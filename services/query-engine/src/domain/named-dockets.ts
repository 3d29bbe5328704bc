/**
 * Strings in a question that may be docket numbers, most likely first: "R-2023-2704577",
 * "ER24-1679-000", "A.24-02-103", "20172539-GU", "G008/GR-24-208", "D.P.U. 18-177", and a bare number
 * after "docket" or "No." ("docket 49432"), and last any other number of five digits or more.
 * Whether one is a docket is for the index to say; here only money, percentages and years are set aside.
 */
export function docketCandidatesIn(question: string): string[] {
  const found: string[] = [];
  const add = (candidate: string) => {
    const trimmed = candidate.replace(/[.,;:]+$/u, '');
    if (!found.includes(trimmed)) found.push(trimmed);
  };
  // After the word "docket" (or "No."), whatever its shape.
  for (const match of question.matchAll(
    /\b(?:docket|proceeding|case)\s*(?:no\.?|number|#)?\s*([A-Z0-9][\w.\-/:]*\d[\w.\-/]*)/giu,
  ))
    add(match[1]!);
  for (const match of question.matchAll(/\bno\.\s*([A-Z0-9][\w.\-/:]*\d[\w.\-/]*)/giu)) add(match[1]!);
  // A token mixing digits with letters or separators, with four digits at least.
  for (const match of question.matchAll(
    /(?<![\w$.])(?:[A-Z]{1,4}\.){0,3}\s?[A-Z0-9][\w.\-/:]*\d(?:[\w.\-/]*[\w])?(?![\w%])/gu,
  )) {
    const token = match[0].trim();
    const digits = token.replace(/\D/gu, '').length;
    const shaped = /[A-Za-z]|\d[.\-/]\d/u.test(token);
    if (digits >= 4 && shaped) add(token);
  }
  // A bare number of five digits or more (some commissions number dockets so: "19124"), tried last.
  for (const match of question.matchAll(/(?<![\w$.,\-/:])\d{5,}(?![\w%\-/:]|[.,]\d)/gu)) add(match[0]);
  return found.filter((candidate) => !/^(?:19|20)\d\d$/u.test(candidate)).slice(0, 4);
}
