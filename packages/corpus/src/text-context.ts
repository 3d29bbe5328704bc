/** What a filing's text can mention, with formatters for money, percentages, dates and people. */
import type { Docket, FilingCategory, Party, Source, StatedFact } from './model';
import { personName } from './names';
import { intervenorWitnessTitles, staffWitnessTitles, witnessTitles } from './names.data';
import { scheduleInForce, type ProceedingRecord, type SchedulingOrder } from './proceeding-record';
import type { Rng } from './random';
import { regulatoryPhrases, termBanks, type TermBank } from './term-banks.data';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY = 86_400_000;

export function withCommas(n: number): string {
  const s = String(Math.round(Math.abs(n)));
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ',';
    out += s[i];
  }
  return n < 0 ? `-${out}` : out;
}

export function longDate(ms: number): string {
  const d = new Date(ms);
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Exact dollars as filings write them: "$15.4 million", "$15,400,000" (amounts are whole $0.1 millions). */
export function writtenMoney(dollars: number, millions: boolean): string {
  if (millions && dollars >= 1e6) return `$${(dollars / 1e6).toFixed(1).replace(/\.0$/, '')} million`;
  return `$${withCommas(dollars)}`;
}

/**
 * Why a filing was written, when it carries a piece of the record: a scheduling order (which one),
 * an order granting intervention (to whom), a petition to intervene (by whom), a notice of the
 * schedule in force.
 */
export type FilingPurpose =
  | { kind: 'scheduling-order'; order: number }
  | { kind: 'intervention-order'; intervenors: string[] }
  | { kind: 'petition-to-intervene'; intervenor: string }
  | { kind: 'schedule-notice' }
  | { kind: 'none' };

export class TextContext {
  readonly bank: TermBank;
  readonly company: string;
  readonly witness: { name: string; title: string };
  readonly counsel: string;
  /** Main issues of this filing: it keeps coming back to them, as real filings do. */
  readonly focus: string[];
  readonly testYear: number;

  constructor(
    readonly rng: Rng,
    readonly source: Source,
    readonly docket: Docket,
    readonly category: FilingCategory,
    readonly filers: string[],
    readonly filedAt: number,
    readonly record: ProceedingRecord,
    readonly purpose: FilingPurpose = { kind: 'none' },
    /** How far every date this filing writes is moved (whole days, in ms: the seeder's corpus shift). */
    readonly shiftMs = 0,
  ) {
    this.bank = termBanks[docket.industry];
    // "The Company" is the utility: the respondent of a complaint, otherwise the applicant.
    const utilityRole = docket.caseType === 'complaint' ? 'respondent' : 'petitioner';
    const utility = docket.parties.find((party) => party.role === utilityRole && party.kind === 'organisation');
    this.company =
      utility?.name ?? docket.parties.find((party) => party.kind === 'organisation')?.name ?? 'the Company';
    const filerParty = docket.parties.find((party) => party.name === filers[0]);
    const titles =
      filerParty?.role === 'staff'
        ? staffWitnessTitles
        : filerParty?.role === 'intervenor'
          ? intervenorWitnessTitles
          : witnessTitles;
    this.witness = { name: personName(rng), title: rng.pick(titles) };
    this.counsel = filerParty?.representative ?? `${personName(rng)}, Counsel`;
    this.focus = rng.sample(this.bank.issues, 3);
    this.testYear = new Date(filedAt).getUTCFullYear() - 1 - rng.int(0, 1);
  }

  /** What this filing states of the record, in the order written (see Filing.statements). */
  readonly stated: StatedFact[] = [];

  /** Records that the text states `fact`; returns what was written, to put in the sentence. */
  state(fact: StatedFact): string {
    this.stated.push(fact);
    return fact.written;
  }

  /** The scheduling order in force on this filing's date. */
  get scheduleInForce(): { order: SchedulingOrder; index: number } | undefined {
    return scheduleInForce(this.record, this.filedAt);
  }

  /** The filer's role among the docket's parties ('' for members of the public and the agency). */
  get filerRole(): Party['role'] | '' {
    return this.docket.parties.find((party) => party.name === this.filers[0])?.role ?? '';
  }

  /** How the filer is named in running text: "Staff" for the agency's staff. */
  get filerShort(): string {
    return this.filerRole === 'staff' ? 'Staff' : this.filer;
  }

  /** A day of the filing's own life (its date, or one relative to it), as written. */
  when(ms: number): string {
    return longDate(ms + this.shiftMs);
  }

  /** The ISO day `isoDay` as this filing's dates are shifted. */
  shifted(isoDay: string): string {
    return new Date(Date.parse(isoDay) + this.shiftMs).toISOString().slice(0, 10);
  }

  /** A record date written one of three ways: "March 4, 2025", "Tuesday, March 4, 2025", "3/4/2025". */
  writeDay(isoDay: string): string {
    const ms = Date.parse(isoDay) + this.shiftMs;
    const d = new Date(ms);
    const style = this.rng.int(0, 5);
    if (style === 4) return `${weekdays[d.getUTCDay()]}, ${longDate(ms)}`;
    if (style === 5) return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    return longDate(ms);
  }

  /** Record dollars, exact: "$15.4 million" or "$15,400,000". */
  writeMoney(dollars: number): string {
    return writtenMoney(dollars, this.rng.chance(0.5));
  }

  /** A dated procedure that is not the evidentiary hearing (whose date is the record's). */
  otherProcedure(): string {
    const procedure = this.procedure();
    return /hearings/.test(procedure)
      ? this.rng.pick(['a technical conference', 'settlement discussions', 'a workshop'])
      : procedure;
  }

  /** A letter from a member of the public rather than a party's pleading. */
  get isPublicComment(): boolean {
    return this.category === 'Comment' && !this.docket.parties.some((party) => party.name === this.filers[0]);
  }

  get filer(): string {
    return this.filers[0] ?? this.company;
  }

  get isCourt(): boolean {
    return this.source.kind === 'court';
  }

  /** "the Commission" or "the Court". */
  get body(): string {
    return this.isCourt ? 'the Court' : 'the Commission';
  }

  issue(): string {
    return this.rng.chance(0.6) ? this.rng.pick(this.focus) : this.rng.pick(this.bank.issues);
  }

  /** Two different issues, for sentences that weigh one against another. */
  issuePair(): [string, string] {
    const [a, b] = this.rng.sample(this.bank.issues, 2);
    return [a ?? 'the revenue requirement', b ?? 'rate design'];
  }

  /** "1,050 kWh" a month for a typical customer, by industry. */
  typicalUsage(): string {
    switch (this.docket.industry) {
      case 'electric':
        return `${withCommas(this.rng.int(45, 130) * 10)} kWh`;
      case 'gas':
        return `${this.rng.int(35, 120)} therms`;
      case 'water':
        return `${withCommas(this.rng.int(30, 90) * 100)} gallons`;
      default:
        return `${this.rng.int(2, 6)} lines`;
    }
  }

  program(): string {
    return `${this.company.replace(/,? (Inc\.|LLC|LP|Co\.|Corp\.|Company)$/, '')} ${this.rng.pick(this.bank.programs)}`;
  }

  standard(): string {
    return this.rng.pick(regulatoryPhrases.standards);
  }

  procedure(): string {
    return this.rng.pick(regulatoryPhrases.procedures);
  }

  adjective(): string {
    return this.rng.pick(regulatoryPhrases.adjectives);
  }

  party(role?: Party['role']): string {
    const candidates = role ? this.docket.parties.filter((party) => party.role === role) : this.docket.parties;
    return (candidates.length > 0 ? this.rng.pick(candidates) : this.rng.pick(this.docket.parties)).name;
  }

  intervenor(): string {
    return this.party('intervenor');
  }

  /** Dollars as a filing writes them: "$12,450,000" or "$12.4 million". */
  money(scale = 1): string {
    const value = this.docket.amount * scale * (0.4 + this.rng.next() * 0.9);
    if (value >= 1e6 && this.rng.chance(0.5)) return `$${(value / 1e6).toFixed(1)} million`;
    return `$${withCommas(value > 1e5 ? Math.round(value / 1000) * 1000 : value)}`;
  }

  smallMoney(min: number, max: number, decimals = 2): string {
    return `$${(min + this.rng.next() * (max - min)).toFixed(decimals)}`;
  }

  pct(min = 0.5, max = 12): string {
    const value = (min + this.rng.next() * (max - min)).toFixed(this.rng.chance(0.5) ? 1 : 2);
    return this.rng.chance(0.7) ? `${value}%` : `${value} percent`;
  }

  roe(): string {
    return `${(8.9 + this.rng.next() * 1.9).toFixed(2)}%`;
  }

  /** A date around the filing: negative days are in the past. */
  date(fromDays: number, toDays: number): string {
    return this.when(this.filedAt + this.rng.int(fromDays, toDays) * DAY);
  }

  metric(): string {
    return this.rng
      .pick(this.bank.metrics)
      .replace('{n}', withCommas(this.rng.int(12, 48000)))
      .replace('{p}', this.pct(1, 18));
  }

  person(title?: string): string {
    return `${title ? `${title} ` : ''}${personName(this.rng)}`;
  }

  judge(): string {
    const judge = this.rng.pick(this.docket.panel);
    return `${judge.title} ${judge.name}`;
  }

  alj(): string {
    return `${this.docket.presiding.title} ${this.docket.presiding.name}`;
  }

  docketRef(): string {
    return this.isCourt ? `No. ${this.docket.number}` : `Docket No. ${this.docket.number}`;
  }
}
