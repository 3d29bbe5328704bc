import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * zxcvbn's score: 3 is "safely unguessable" against online guessing and a slow hash offline
 * (about 10^8 guesses and more). Below that, the password is among what attackers try first.
 */
const MIN_SCORE = 3;

/**
 * zxcvbn's matching grows steeply with length: a 256-character password took 2.7 s of the event loop.
 * The first 32 characters decide (a password that long and not guessable is strong whatever follows).
 */
const ESTIMATED_LENGTH = 32;

// The product's own words: a password built from them is guessable by anyone who knows the site.
const SITE_WORDS = ['docket', 'research', 'docketresearch', 'filings', 'alerts'];

let estimator: ZxcvbnFactory | undefined;

/** The estimator with its common and English dictionaries, loaded on the first password set (~8 MB). */
function zxcvbn(): ZxcvbnFactory {
  if (!estimator) {
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, not at start */
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
    /* eslint-enable @typescript-eslint/no-require-imports */
    estimator = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: ESTIMATED_LENGTH,
    });
  }
  return estimator;
}

/**
 * True when little is left of the password once its personal words, digits and punctuation are
 * taken out ("Alice Marsh 1990", "marshalice99!"): zxcvbn matches such words one at a time and
 * can rate their concatenations as strong.
 */
function builtFrom(password: string, words: string[]): boolean {
  let rest = password.toLowerCase();
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  return rest.replace(/[^\p{L}]/gu, '').length < 6 && rest.length < password.length;
}

/** The words of a person's name and e-mail address that a guesser would try in their password. */
export function personalWords(person: { email: string; name?: string | undefined }): string[] {
  const local = person.email.split('@')[0] ?? '';
  const domain = person.email.split('@')[1] ?? '';
  const parts = [
    local,
    ...local.split(/[._+-]+/),
    ...domain.split('.').slice(0, -1),
    ...(person.name ?? '').split(/\s+/),
  ];
  return [...new Set(parts.map((part) => part.trim().toLowerCase()).filter((part) => part.length >= 3))];
}

const A_FEW_WORDS = 'A few unrelated words make a strong password that is easy to remember.';

/**
 * Why a password is too easy to guess, in words a user can act on, or null when it will do.
 * `personal`: the user's own words (personalWords), which count as guessed.
 */
export function passwordWeakness(password: string, personal: string[]): string | null {
  if (builtFrom(password, [...personal, ...SITE_WORDS])) {
    return (
      'is built from your name, your e-mail address or the site’s name, ' +
      `which anyone who knows you would try first. ${A_FEW_WORDS}`
    );
  }
  const result = zxcvbn().check(password, [...personal, ...SITE_WORDS]);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ?? 'It follows a pattern that password guessers try early.';
  const advice =
    result.feedback.suggestions.length > 0
      ? result.feedback.suggestions.join(' ')
      : 'Add more words that are less common.';
  return `is too easy to guess. ${why} ${advice} ${A_FEW_WORDS}`;
}
