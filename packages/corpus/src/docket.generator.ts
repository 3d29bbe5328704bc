/** Dockets: numbered per their source's convention, with parties, dates, status and activity. */
import { corpusEnd, corpusStart } from './catalog.generator';
import { formatDocketNumber, rawDocketVariant } from './docket-number';
import type { Catalog, Docket, DocketStatus, Industry, Party, Person, Source } from './model';
import { companyPool, personName, titleCase, type Company } from './names';
import {
  advocacyGroups,
  consumerAdvocates,
  counselTitles,
  developerNames,
  industrialGroups,
  lawFirms,
  placeNames,
} from './names.data';
import { Rng, type Seed } from './random';
import { termBanks } from './term-banks.data';

const DAY = 86_400_000;

const industryWeight: Record<Industry, number> = { electric: 5, gas: 3, water: 2, telecom: 1.5, pipeline: 3 };

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Log-uniform dollars, rounded to $0.1 million (so "$15.4 million" and "$15,400,000" are both exact). */
function dollars(rng: Rng, min: number, max: number): number {
  const value = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  const step = value > 1e6 ? 1e5 : 100;
  return Math.round(value / step) * step;
}

function representative(rng: Rng): string {
  return `${personName(rng)}, ${rng.pick(counselTitles)}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

interface DocketDraft {
  title: string;
  caseType: string;
  parties: Party[];
  amount: number;
}

function agencyDocket(rng: Rng, source: Source, industry: Industry, pool: Company[]): DocketDraft {
  const bank = termBanks[industry];
  const utilities = pool.filter((company) => company.industry === industry);
  const [company, company2] = rng.sample(utilities.length > 1 ? utilities : pool, 2);
  const caseType = rng.weighted(bank.caseTypes, (c) => c.weight);
  const advocate = consumerAdvocates[source.state] ?? "Office of the People's Counsel";
  const intervenorName = rng.chance(0.5) ? advocate : rng.pick(advocacyGroups);
  const title = fill(caseType.title, {
    company: company?.name ?? 'the Utility',
    company2: company2?.name ?? company?.name ?? 'the Utility',
    program: rng.pick(bank.programs),
    issueTitle: titleCase(rng.pick(bank.issues)),
    intervenor: intervenorName,
    developer: rng.pick(developerNames).replace(/,? (LLC|Inc\.)$/, ''),
    place: rng.pick(placeNames),
  });

  const parties: Party[] = [];
  const isComplaint = caseType.type === 'complaint';
  if (caseType.type === 'rulemaking') {
    for (const utility of rng.sample(utilities.length > 1 ? utilities : pool, rng.int(2, 4)))
      parties.push({
        name: utility.name,
        role: 'intervenor',
        kind: 'organisation',
        representative: representative(rng),
      });
  } else if (isComplaint) {
    parties.push({
      name: intervenorName,
      role: 'petitioner',
      kind: 'organisation',
      representative: representative(rng),
    });
    if (company)
      parties.push({
        name: company.name,
        role: 'respondent',
        kind: 'organisation',
        representative: representative(rng),
      });
  } else {
    if (company)
      parties.push({
        name: company.name,
        role: 'petitioner',
        kind: 'organisation',
        representative: representative(rng),
      });
    if (company2 && (caseType.type === 'merger' || caseType.type === 'interconnection')) {
      parties.push({
        name: company2.name,
        role: 'petitioner',
        kind: 'organisation',
        representative: representative(rng),
      });
    }
  }
  if (source.state !== 'US')
    parties.push({
      name: `Staff of the ${source.name}`,
      role: 'staff',
      kind: 'agency',
      representative: `${personName(rng)}, Staff Counsel`,
    });
  else
    parties.push({
      name: 'Commission Trial Staff',
      role: 'staff',
      kind: 'agency',
      representative: `${personName(rng)}, Trial Staff Counsel`,
    });
  const intervenors = new Set<string>([advocate, ...rng.sample(advocacyGroups, rng.int(1, 6))]);
  if (industry === 'electric' || industry === 'gas')
    intervenors.add(`${rng.pick(industrialGroups)} ${source.jurisdiction}`);
  for (const name of intervenors) {
    if (parties.some((party) => party.name === name)) continue;
    const kind = name === advocate ? 'agency' : 'organisation';
    parties.push({ name, role: 'intervenor', kind, representative: rng.chance(0.7) ? representative(rng) : undefined });
  }
  for (let i = rng.int(0, 2); i > 0; i--)
    parties.push({ name: `City of ${rng.pick(placeNames)}`, role: 'filer', kind: 'agency' });
  if (rng.chance(0.3)) parties.push({ name: personName(rng), role: 'filer', kind: 'person' });

  const amount =
    caseType.type === 'certificate' || caseType.type === 'acquisition' || caseType.type === 'merger'
      ? dollars(rng, 2e7, 4e9)
      : caseType.type === 'rulemaking'
        ? dollars(rng, 1e6, 5e8)
        : dollars(rng, 2e6, 9e8);
  return { title, caseType: caseType.type, parties: dedupe(parties), amount };
}

function courtDocket(rng: Rng, source: Source, industry: Industry, pool: Company[], agencies: Source[]): DocketDraft {
  const company = rng.pick(
    pool.filter((c) => c.industry === industry).length > 0 ? pool.filter((c) => c.industry === industry) : pool,
  );
  const appellate = source.docketFormat.template.indexOf('cv') < 0;
  const sameState = agencies.filter((agency) => agency.state === source.state);
  const agency =
    appellate || sameState.length === 0
      ? (agencies.find((a) => a.id === 'ferc') ?? rng.pick(agencies))
      : rng.pick(sameState);
  const challenger = rng.chance(0.5) ? company.name : rng.pick(advocacyGroups);
  const parties: Party[] = [
    {
      name: challenger,
      role: 'petitioner',
      kind: 'organisation',
      representative: `${personName(rng)}, ${rng.pick(lawFirms)}`,
    },
    {
      name: agency.name,
      role: 'respondent',
      kind: 'agency',
      representative: `${personName(rng)}, ${appellate ? 'Solicitor' : 'Assistant Attorney General'}`,
    },
  ];
  if (challenger !== company.name)
    parties.push({
      name: company.name,
      role: 'intervenor',
      kind: 'organisation',
      representative: `${personName(rng)}, ${rng.pick(lawFirms)}`,
    });
  for (const name of rng.sample(advocacyGroups, rng.int(0, 3))) {
    if (name !== challenger) parties.push({ name, role: 'intervenor', kind: 'organisation' });
  }
  const respondentName = appellate && agency.id === 'ferc' ? 'Federal Energy Regulatory Commission' : agency.name;
  const title = `${challenger} v. ${respondentName}`;
  return {
    title,
    caseType: appellate ? 'petition for review' : 'civil action',
    parties: dedupe(parties),
    amount: dollars(rng, 1e6, 2e9),
  };
}

function dedupe(parties: Party[]): Party[] {
  const seen = new Set<string>();
  return parties.filter((party) => (seen.has(party.name) ? false : (seen.add(party.name), true)));
}

function schedule(
  rng: Rng,
  source: Source,
  caseType: string,
): { openedAt: number; closedAt: number | null; status: DocketStatus } {
  // Skewed towards recent years: coverage and e-filing volume grow over time, and it leaves a
  // realistic share of dockets still open at the end of the corpus.
  const openedAt = corpusStart + Math.floor(Math.pow(rng.next(), 0.8) * (corpusEnd - 45 * DAY - corpusStart));
  const typicalDays =
    source.kind === 'court' ? 540 : caseType === 'rate case' ? 330 : caseType === 'rulemaking' ? 900 : 420;
  // Some proceedings drag on for years (remands, multi-phase rulemakings, compliance phases).
  const lingering = rng.chance(0.12) ? 2.5 : 1;
  const duration = Math.round(rng.normal(typicalDays, typicalDays * 0.45, 60, typicalDays * 3) * lingering) * DAY;
  const closeAt = openedAt + duration;
  if (closeAt > corpusEnd) return { openedAt, closedAt: null, status: 'open' };
  if (rng.chance(0.05)) return { openedAt, closedAt: closeAt, status: 'withdrawn' };
  return { openedAt, closedAt: closeAt, status: 'closed' };
}

function presidingAndPanel(rng: Rng, source: Source): { presiding: Person; panel: Person[] } {
  const appellate = source.kind === 'court' && source.docketFormat.template.indexOf('cv') < 0;
  if (source.kind === 'court') {
    const judgeTitle = appellate ? 'Circuit Judge' : 'District Judge';
    const panel = Array.from({ length: appellate ? 3 : 1 }, () => ({ name: personName(rng), title: judgeTitle }));
    return { presiding: panel[0] as Person, panel };
  }
  const presiding = { name: personName(rng), title: 'Administrative Law Judge' };
  const panel = Array.from({ length: rng.int(3, 5) }, (_, i) => ({
    name: personName(rng),
    title: i === 0 ? (source.id === 'ferc' ? 'Chairman' : 'President') : 'Commissioner',
  }));
  return { presiding, panel };
}

export function generateDockets(seed: Seed, catalog: Catalog, count = 500): Docket[] {
  const pools = new Map(
    catalog.sources.map((source) => [source.id, companyPool(Rng.derive(seed, 'companies', source.id), source)]),
  );
  const agencies = catalog.sources.filter((source) => source.kind === 'agency');
  const numbers = new Set<string>();
  const dockets: Docket[] = [];
  for (let i = 0; i < count; i++) {
    const rng = Rng.derive(seed, 'docket', i);
    const source = rng.weighted(catalog.sources, (s) => s.weight);
    const industry = rng.weighted(source.industries, (industry) => industryWeight[industry]);
    const pool = pools.get(source.id) as Company[];
    const draft =
      source.kind === 'court'
        ? courtDocket(rng, source, industry, pool, agencies)
        : agencyDocket(rng, source, industry, pool);
    const { openedAt, closedAt, status } = schedule(rng, source, draft.caseType);
    let number = formatDocketNumber(source.docketFormat, rng, new Date(openedAt), industry, draft.caseType);
    for (let attempt = 0; numbers.has(`${source.id}|${number}`) && attempt < 50; attempt++) {
      number = formatDocketNumber(source.docketFormat, rng, new Date(openedAt), industry, draft.caseType);
    }
    if (numbers.has(`${source.id}|${number}`)) throw new Error(`could not find a free docket number for ${source.id}`);
    numbers.add(`${source.id}|${number}`);
    const { presiding, panel } = presidingAndPanel(rng, source);
    const busy = draft.caseType === 'rate case' || draft.caseType === 'rulemaking' ? 2 : 1;
    dockets.push({
      id: `${source.id}-${number.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      sourceId: source.id,
      number,
      numberRaw: rawDocketVariant(number, rng),
      title: draft.title,
      caseType: draft.caseType,
      industry,
      status,
      openedAt: isoDate(openedAt),
      closedAt: closedAt === null ? null : isoDate(closedAt),
      parties: draft.parties,
      presiding,
      panel,
      amount: draft.amount,
      activity: Math.round(Math.min(60, rng.pareto(1.2)) * busy * 1000) / 1000,
    });
  }
  return dockets;
}
