/**
 * The sources of the default corpus: real bodies with their real docket-number conventions and
 * filing-type vocabularies (approximated), so connectors, entity extraction and search face the
 * variety they will meet in production.
 */
import type { DocketFormat, Industry, NativeFilingType, SourceKind } from './model';

export interface SourceSeed {
  id: string;
  name: string;
  shortName: string;
  kind: SourceKind;
  jurisdiction: string;
  state: string;
  city: string;
  homeUrl: string;
  docketFormat: DocketFormat;
  publishesNativeFilingTypes: boolean;
  filingTypes: NativeFilingType[];
  industries: Industry[];
  weight: number;
}

const t = (native: string, category: NativeFilingType['category'], weight: number): NativeFilingType => ({ native, category, weight });

/** A state commission's usual vocabulary; `advice` names its tariff filings. */
function commissionTypes(advice: string, decision = 'Decision', extra: NativeFilingType[] = []): NativeFilingType[] {
  return [
    t(decision, 'Decision', 3),
    t(`Proposed ${decision}`, 'Decision', 2),
    t('Order', 'Order', 5),
    t('Ruling', 'Order', 4),
    t('Direct Testimony', 'Testimony', 6),
    t('Rebuttal Testimony', 'Testimony', 4),
    t('Comments', 'Comment', 10),
    t('Reply Comments', 'Comment', 5),
    t('Public Comment', 'Comment', 6),
    t('Settlement Agreement', 'Stipulation', 2),
    t(advice, 'Tariff', 6),
    t('Notice of Hearing', 'Notice', 3),
    t('Notice', 'Notice', 3),
    t('Motion', 'Motion', 5),
    t('Petition to Intervene', 'Motion', 4),
    t('Initial Brief', 'Brief', 3),
    t('Reply Brief', 'Brief', 2),
    t('Application', 'Application', 2),
    ...extra,
  ];
}

const fercTypes: NativeFilingType[] = [
  t('Order', 'Order', 4),
  t('Order on Rehearing', 'Order', 1),
  t('Letter Order', 'Order', 3),
  t('Initial Decision', 'Decision', 1),
  t('Opinion', 'Decision', 1),
  t('Prepared Direct Testimony', 'Testimony', 3),
  t('Comments', 'Comment', 8),
  t('Protest', 'Comment', 4),
  t('Offer of Settlement', 'Stipulation', 1),
  t('Tariff Filing', 'Tariff', 10),
  t('Compliance Filing', 'Tariff', 4),
  t('Notice of Filing', 'Notice', 6),
  t('Errata Notice', 'Notice', 1),
  t('Motion to Intervene', 'Motion', 10),
  t('Request for Rehearing', 'Motion', 2),
  t('Brief on Exceptions', 'Brief', 1),
  t('Application', 'Application', 3),
];

const appellateTypes: NativeFilingType[] = [
  t('Opinion', 'Decision', 2),
  t('Judgment', 'Decision', 1),
  t('Order', 'Order', 5),
  t('Clerk Order', 'Order', 3),
  t('Certified Index to the Record', 'Notice', 1),
  t('Notice of Appearance', 'Notice', 3),
  t('Statement of Issues', 'Notice', 2),
  t('Motion', 'Motion', 5),
  t('Motion to Intervene', 'Motion', 3),
  t('Brief for Petitioner', 'Brief', 3),
  t('Brief for Respondent', 'Brief', 3),
  t('Brief for Intervenor', 'Brief', 2),
  t('Reply Brief', 'Brief', 2),
  t('Amicus Brief', 'Brief', 1),
  t('Petition for Review', 'Application', 2),
  t('Stipulation', 'Stipulation', 1),
];

const districtTypes: NativeFilingType[] = [
  t('Memorandum Opinion', 'Decision', 2),
  t('Judgment', 'Decision', 1),
  t('Order', 'Order', 6),
  t('Minute Order', 'Order', 4),
  t('Declaration', 'Testimony', 3),
  t('Expert Report', 'Testimony', 1),
  t('Stipulation', 'Stipulation', 2),
  t('Notice of Appearance', 'Notice', 3),
  t('Notice', 'Notice', 2),
  t('Motion to Dismiss', 'Motion', 3),
  t('Motion for Summary Judgment', 'Motion', 2),
  t('Motion', 'Motion', 4),
  t('Memorandum in Opposition', 'Brief', 3),
  t('Reply Memorandum', 'Brief', 2),
  t('Complaint', 'Application', 2),
  t('Amicus Brief', 'Brief', 1),
];

const allUtility: Industry[] = ['electric', 'gas', 'water', 'telecom'];

export const sourceSeeds: SourceSeed[] = [
  {
    id: 'ca-cpuc', name: 'California Public Utilities Commission', shortName: 'CPUC', kind: 'agency',
    jurisdiction: 'California', state: 'CA', city: 'San Francisco', homeUrl: 'https://www.cpuc.ca.gov',
    docketFormat: {
      template: '{P}.{YY}-{MM}-{N3}', codes: { P: ['A', 'R', 'C', 'I', 'P'] }, example: 'A.19-04-012',
      caseTypeCodes: { P: { rulemaking: ['R'], complaint: ['C'], 'rate case': ['A'], certificate: ['A'], merger: ['A'], acquisition: ['A'], 'cost recovery': ['A'], interconnection: ['A', 'P'], 'gas supply': ['A', 'I'], 'integrated resource plan': ['R', 'I'] } },
    },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Advice Letter'), industries: allUtility, weight: 9,
  },
  {
    id: 'ny-psc', name: 'New York State Public Service Commission', shortName: 'NYPSC', kind: 'agency',
    jurisdiction: 'New York', state: 'NY', city: 'Albany', homeUrl: 'https://dps.ny.gov',
    docketFormat: {
      template: '{YY}-{P}-{N4}', codes: { P: ['E', 'G', 'W', 'C', 'M'] },
      industryCodes: { electric: ['E'], gas: ['G'], water: ['W'], telecom: ['C'] }, example: '19-E-0380',
    },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Leaf Filing', 'Order Adopting'), industries: allUtility, weight: 8,
  },
  {
    id: 'tx-puct', name: 'Public Utility Commission of Texas', shortName: 'PUCT', kind: 'agency',
    jurisdiction: 'Texas', state: 'TX', city: 'Austin', homeUrl: 'https://www.puc.texas.gov',
    docketFormat: { template: '{N5}', example: '49421' },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Revision', 'Final Order'), industries: ['electric', 'water', 'telecom'], weight: 7,
  },
  {
    id: 'il-icc', name: 'Illinois Commerce Commission', shortName: 'ICC', kind: 'agency',
    jurisdiction: 'Illinois', state: 'IL', city: 'Springfield', homeUrl: 'https://www.icc.illinois.gov',
    docketFormat: { template: '{YY}-{N4}', example: '20-0309' },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Filing', 'Final Order'), industries: allUtility, weight: 6,
  },
  {
    id: 'fl-psc', name: 'Florida Public Service Commission', shortName: 'FPSC', kind: 'agency',
    jurisdiction: 'Florida', state: 'FL', city: 'Tallahassee', homeUrl: 'https://www.floridapsc.com',
    docketFormat: {
      template: '{YYYY}{N4}-{P}', codes: { P: ['EI', 'GU', 'WS', 'TL', 'EQ'] },
      industryCodes: { electric: ['EI', 'EQ'], gas: ['GU'], water: ['WS'], telecom: ['TL'] }, example: '20200051-EI',
    },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Sheets', 'Final Order'), industries: allUtility, weight: 6,
  },
  {
    id: 'pa-puc', name: 'Pennsylvania Public Utility Commission', shortName: 'PA PUC', kind: 'agency',
    jurisdiction: 'Pennsylvania', state: 'PA', city: 'Harrisburg', homeUrl: 'https://www.puc.pa.gov',
    docketFormat: {
      template: '{P}-{YYYY}-{N7}', codes: { P: ['R', 'P', 'C', 'M', 'A'] }, example: 'R-2020-3018835',
      caseTypeCodes: { P: { 'rate case': ['R'], complaint: ['C'], rulemaking: ['M'], merger: ['A'], acquisition: ['A'], certificate: ['A'], 'cost recovery': ['P'] } },
    },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Supplement', 'Opinion and Order'), industries: allUtility, weight: 5,
  },
  {
    id: 'mi-psc', name: 'Michigan Public Service Commission', shortName: 'MPSC', kind: 'agency',
    jurisdiction: 'Michigan', state: 'MI', city: 'Lansing', homeUrl: 'https://www.michigan.gov/mpsc',
    docketFormat: { template: 'U-{N5}', example: 'U-20697' },
    publishesNativeFilingTypes: false, filingTypes: commissionTypes('Tariff Sheets', 'Order'), industries: ['electric', 'gas', 'telecom'], weight: 5,
  },
  {
    id: 'oh-puco', name: 'Public Utilities Commission of Ohio', shortName: 'PUCO', kind: 'agency',
    jurisdiction: 'Ohio', state: 'OH', city: 'Columbus', homeUrl: 'https://puco.ohio.gov',
    docketFormat: {
      template: '{YY}-{N4}-{P}-{K}', codes: { P: ['EL', 'GA', 'WW', 'TP'], K: ['AIR', 'ATA', 'SSO', 'CSS', 'UNC', 'RDR'] },
      industryCodes: { electric: ['EL'], gas: ['GA'], water: ['WW'], telecom: ['TP'] }, example: '20-1651-EL-AIR',
      caseTypeCodes: { K: { 'rate case': ['AIR'], complaint: ['CSS'], 'cost recovery': ['RDR'], 'integrated resource plan': ['UNC'], rulemaking: ['UNC'] } },
    },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Application', 'Opinion and Order'), industries: allUtility, weight: 5,
  },
  {
    id: 'wa-utc', name: 'Washington Utilities and Transportation Commission', shortName: 'UTC', kind: 'agency',
    jurisdiction: 'Washington', state: 'WA', city: 'Olympia', homeUrl: 'https://www.utc.wa.gov',
    docketFormat: {
      template: '{P}-{YY}{N4}', codes: { P: ['UE', 'UG', 'UT', 'UW'] },
      industryCodes: { electric: ['UE'], gas: ['UG'], telecom: ['UT'], water: ['UW'] }, example: 'UE-190529',
    },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Revision', 'Final Order'), industries: allUtility, weight: 4,
  },
  {
    id: 'co-puc', name: 'Colorado Public Utilities Commission', shortName: 'COPUC', kind: 'agency',
    jurisdiction: 'Colorado', state: 'CO', city: 'Denver', homeUrl: 'https://puc.colorado.gov',
    docketFormat: { template: '{YY}{K}-{N4}{P}', codes: { K: ['AL', 'A', 'F', 'I', 'R'], P: ['E', 'G', 'T', 'W'] },
      caseTypeCodes: { K: { 'rate case': ['AL'], complaint: ['F'], rulemaking: ['R'], certificate: ['A'], 'cost recovery': ['A'], merger: ['A'], acquisition: ['A'], 'integrated resource plan': ['A', 'I'] } },
      industryCodes: { electric: ['E'], gas: ['G'], telecom: ['T'], water: ['W'] }, example: '20AL-0049E' },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Advice Letter', 'Decision'), industries: allUtility, weight: 4,
  },
  {
    id: 'ma-dpu', name: 'Massachusetts Department of Public Utilities', shortName: 'DPU', kind: 'agency',
    jurisdiction: 'Massachusetts', state: 'MA', city: 'Boston', homeUrl: 'https://www.mass.gov/orgs/department-of-public-utilities',
    docketFormat: { template: 'D.P.U. {YY}-{N3}', example: 'D.P.U. 20-120' },
    publishesNativeFilingTypes: false, filingTypes: commissionTypes('Tariff Filing', 'Order'), industries: ['electric', 'gas', 'water'], weight: 4,
  },
  {
    id: 'mn-puc', name: 'Minnesota Public Utilities Commission', shortName: 'MPUC', kind: 'agency',
    jurisdiction: 'Minnesota', state: 'MN', city: 'Saint Paul', homeUrl: 'https://mn.gov/puc',
    docketFormat: { template: '{P}/{K}-{YY}-{N3}', codes: { P: ['E002', 'E015', 'G008', 'G011', 'E017'], K: ['GR', 'RP', 'M', 'CN', 'TL'] },
      caseTypeCodes: { K: { 'rate case': ['GR'], 'integrated resource plan': ['RP'], certificate: ['CN', 'TL'], 'cost recovery': ['M'], complaint: ['M'], rulemaking: ['M'] } },
      industryCodes: { electric: ['E002', 'E015', 'E017'], gas: ['G008', 'G011'] }, example: 'E002/GR-19-564' },
    publishesNativeFilingTypes: true, filingTypes: commissionTypes('Tariff Sheets', 'Order'), industries: ['electric', 'gas'], weight: 4,
  },
  {
    id: 'ga-psc', name: 'Georgia Public Service Commission', shortName: 'GPSC', kind: 'agency',
    jurisdiction: 'Georgia', state: 'GA', city: 'Atlanta', homeUrl: 'https://psc.ga.gov',
    docketFormat: { template: '{N5}', example: '44280' },
    publishesNativeFilingTypes: false, filingTypes: commissionTypes('Tariff Filing', 'Order'), industries: ['electric', 'gas', 'telecom'], weight: 3,
  },
  {
    id: 'ferc', name: 'Federal Energy Regulatory Commission', shortName: 'FERC', kind: 'agency',
    jurisdiction: 'United States', state: 'US', city: 'Washington, D.C.', homeUrl: 'https://www.ferc.gov',
    docketFormat: {
      template: '{P}{YY}-{N4}-000', codes: { P: ['ER', 'EL', 'RP', 'CP', 'RM', 'EC', 'ES'] },
      industryCodes: { electric: ['ER', 'EL', 'EC', 'ES', 'RM'], gas: ['RP', 'CP', 'RM'], pipeline: ['CP', 'RP', 'RM'] }, example: 'ER19-1234-000',
      caseTypeCodes: { P: { 'rate case': ['ER', 'RP'], complaint: ['EL', 'RP'], rulemaking: ['RM'], merger: ['EC'], certificate: ['CP', 'ER'], interconnection: ['ER'], 'cost recovery': ['ER', 'RP'], 'integrated resource plan': ['ER'], abandonment: ['CP'] } },
    },
    publishesNativeFilingTypes: true, filingTypes: fercTypes, industries: ['electric', 'gas', 'pipeline'], weight: 14,
  },
  {
    id: 'us-cadc', name: 'U.S. Court of Appeals for the District of Columbia Circuit', shortName: 'D.C. Cir.', kind: 'court',
    jurisdiction: 'United States', state: 'US', city: 'Washington, D.C.', homeUrl: 'https://www.cadc.uscourts.gov',
    docketFormat: { template: '{YY}-{N4}', example: '19-1140' },
    publishesNativeFilingTypes: true, filingTypes: appellateTypes, industries: ['electric', 'gas', 'pipeline', 'telecom'], weight: 4,
  },
  {
    id: 'us-ca9', name: 'U.S. Court of Appeals for the Ninth Circuit', shortName: '9th Cir.', kind: 'court',
    jurisdiction: 'United States', state: 'US', city: 'San Francisco', homeUrl: 'https://www.ca9.uscourts.gov',
    docketFormat: { template: '{YY}-{N5}', example: '19-72345' },
    publishesNativeFilingTypes: true, filingTypes: appellateTypes, industries: ['electric', 'gas', 'water', 'pipeline'], weight: 3,
  },
  {
    id: 'us-ca5', name: 'U.S. Court of Appeals for the Fifth Circuit', shortName: '5th Cir.', kind: 'court',
    jurisdiction: 'United States', state: 'US', city: 'New Orleans', homeUrl: 'https://www.ca5.uscourts.gov',
    docketFormat: { template: '{YY}-{N5}', example: '20-60123' },
    publishesNativeFilingTypes: true, filingTypes: appellateTypes, industries: ['electric', 'pipeline', 'gas'], weight: 2,
  },
  {
    id: 'us-dcd', name: 'U.S. District Court for the District of Columbia', shortName: 'D.D.C.', kind: 'court',
    jurisdiction: 'United States', state: 'US', city: 'Washington, D.C.', homeUrl: 'https://www.dcd.uscourts.gov',
    docketFormat: { template: '1:{YY}-cv-{N5}', example: '1:20-cv-01234' },
    publishesNativeFilingTypes: true, filingTypes: districtTypes, industries: ['electric', 'pipeline', 'telecom'], weight: 2,
  },
  {
    id: 'us-cand', name: 'U.S. District Court for the Northern District of California', shortName: 'N.D. Cal.', kind: 'court',
    jurisdiction: 'California', state: 'CA', city: 'San Francisco', homeUrl: 'https://www.cand.uscourts.gov',
    docketFormat: { template: '{D}:{YY}-cv-{N5}', example: '3:20-cv-01234' },
    publishesNativeFilingTypes: true, filingTypes: districtTypes, industries: ['electric', 'gas', 'water'], weight: 2,
  },
  {
    id: 'us-txwd', name: 'U.S. District Court for the Western District of Texas', shortName: 'W.D. Tex.', kind: 'court',
    jurisdiction: 'Texas', state: 'TX', city: 'Austin', homeUrl: 'https://www.txwd.uscourts.gov',
    docketFormat: { template: '{D}:{YY}-cv-{N5}', example: '1:21-cv-00456' },
    publishesNativeFilingTypes: true, filingTypes: districtTypes, industries: ['electric', 'pipeline', 'water'], weight: 2,
  },
];
