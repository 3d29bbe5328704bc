import { detectAll } from 'tinyld';

// tinyld costs ~3 µs a character; 1,500 characters decide reliably for prose.
const SAMPLE_CHARS = 1500;
const MIN_CHARS = 24;
// tinyld's scores are relative, not probabilities: trust the winner only when it clearly leads.
const MIN_LEAD = 1.5;

/**
 * ISO 639-1 code of the text's language (tinyld), or the file's own declaration when the text is too
 * short or the detector unsure; undefined when neither is known.
 */
export function detectLanguage(text: string, declared?: string): string | undefined {
  const sample = text.slice(0, SAMPLE_CHARS);
  if (sample.replace(/\s+/g, ' ').trim().length >= MIN_CHARS) {
    const [best, second] = detectAll(sample);
    if (best?.lang && best.accuracy > 0 && best.accuracy >= MIN_LEAD * (second?.accuracy ?? 0)) return best.lang;
  }
  return declared && /^[a-z]{2,3}$/.test(declared) ? declared : undefined;
}
