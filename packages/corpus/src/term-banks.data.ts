/**
 * Topic vocabularies: what a filing in each industry talks about. Text is assembled from these, so
 * searching "vegetation management" or "lead service line" finds the filings about it.
 */
import type { Industry } from './model';

export interface TermBank {
  /** Subjects of dispute and discussion (noun phrases). */
  issues: string[];
  /** Capital programs and projects. */
  programs: string[];
  /** Rate design elements. */
  rateElements: string[];
  /** Tariff schedule names. */
  schedules: string[];
  /** Billing unit for rate tables. */
  unit: string;
  /** Metrics (with unit) a witness might cite. */
  metrics: string[];
  /** Case types that open a docket, with a title template ({company} is the applicant). */
  caseTypes: { type: string; title: string; weight: number }[];
}

export const termBanks: Record<Industry, TermBank> = {
  electric: {
    issues: [
      'the revenue requirement', 'the authorized return on equity', 'the capital structure', 'depreciation rates',
      'wildfire mitigation costs', 'vegetation management expense', 'storm restoration costs', 'the load forecast',
      'time-of-use rate design', 'net energy metering', 'the residential customer charge', 'demand response programs',
      'transmission cost allocation', 'the fuel adjustment clause', 'resource adequacy obligations',
      'the renewable portfolio standard', 'electric vehicle charging infrastructure', 'distribution grid modernization',
      'the integrated resource plan', 'coal plant retirement', 'securitization of stranded costs', 'the interconnection queue',
      'reliability performance (SAIDI and SAIFI)', 'advanced metering infrastructure', 'energy efficiency cost recovery',
      'pension and benefits expense', 'the decoupling mechanism', 'low-income bill assistance',
    ],
    programs: [
      'Grid Resiliency Program', 'Distribution Automation Project', 'Undergrounding Program', 'Solar for All Initiative',
      'Smart Meter Deployment', 'Battery Energy Storage Pilot', 'Transportation Electrification Plan',
      'Substation Rebuild Program', 'Transmission Line Rebuild', 'Community Solar Program',
    ],
    rateElements: ['Customer Charge', 'Energy Charge, Summer On-Peak', 'Energy Charge, Summer Off-Peak', 'Energy Charge, Winter', 'Demand Charge', 'Transmission Rider', 'Fuel Cost Recovery Factor', 'Energy Efficiency Surcharge'],
    schedules: ['Residential Service', 'Residential Time-of-Use', 'Small General Service', 'Large General Service', 'Electric Vehicle Charging', 'Street Lighting', 'Net Metering Rider', 'Standby Service'],
    unit: 'kWh',
    metrics: ['peak demand of {n} MW', 'annual sales of {n} GWh', 'a SAIDI of {n} minutes', '{n} miles of distribution line', '{n} MW of nameplate capacity', 'a reserve margin of {p}'],
    caseTypes: [
      { type: 'rate case', title: 'Application of {company} for Authority to Increase Electric Rates', weight: 5 },
      { type: 'integrated resource plan', title: 'In the Matter of the Integrated Resource Plan of {company}', weight: 2 },
      { type: 'certificate', title: 'Application of {company} for a Certificate of Public Convenience and Necessity for the {program}', weight: 2 },
      { type: 'rulemaking', title: 'Order Instituting Rulemaking to Consider {issueTitle}', weight: 2 },
      { type: 'complaint', title: '{intervenor} v. {company}: Complaint Regarding {issueTitle}', weight: 1 },
      { type: 'interconnection', title: 'Joint Petition Regarding Interconnection of the {developer} Project', weight: 2 },
      { type: 'merger', title: 'Joint Application for Approval of the Merger of {company} and {company2}', weight: 1 },
      { type: 'cost recovery', title: 'Petition of {company} for Recovery of {issueTitle}', weight: 2 },
    ],
  },
  gas: {
    issues: [
      'the revenue requirement', 'the authorized return on equity', 'pipeline replacement costs', 'the purchased gas adjustment',
      'cast iron and bare steel main replacement', 'leak survey and repair', 'distribution integrity management',
      'gas storage costs', 'the weather normalization adjustment', 'customer deposit policies', 'renewable natural gas procurement',
      'the infrastructure replacement surcharge', 'line extension allowances', 'methane emissions reduction',
      'lost and unaccounted-for gas', 'the depreciation study', 'gas supply hedging', 'winter reliability planning',
      'the conservation program budget', 'excess deferred income taxes',
    ],
    programs: ['Main Replacement Program', 'Service Line Replacement Program', 'Renewable Natural Gas Interconnection', 'Advanced Leak Detection Program', 'System Reinforcement Project'],
    rateElements: ['Customer Charge', 'Distribution Charge, First 50 Therms', 'Distribution Charge, Over 50 Therms', 'Purchased Gas Adjustment', 'Infrastructure Replacement Rider', 'Conservation Charge'],
    schedules: ['Residential Gas Service', 'Commercial Firm Service', 'Interruptible Transportation', 'Compressed Natural Gas Service', 'Large Volume Transportation'],
    unit: 'therm',
    metrics: ['{n} miles of cast iron main', 'annual throughput of {n} Dth', '{n} Grade 1 leaks', '{n} service lines', 'a design day of {n} Dth'],
    caseTypes: [
      { type: 'rate case', title: 'Application of {company} for Authority to Increase Natural Gas Rates', weight: 5 },
      { type: 'cost recovery', title: 'Petition of {company} for Approval of the {program} and Associated Cost Recovery', weight: 3 },
      { type: 'rulemaking', title: 'Proceeding to Examine {issueTitle}', weight: 1 },
      { type: 'complaint', title: '{intervenor} v. {company}: Complaint Regarding {issueTitle}', weight: 1 },
      { type: 'gas supply', title: 'In the Matter of the Annual Gas Supply Plan of {company}', weight: 2 },
    ],
  },
  water: {
    issues: [
      'the revenue requirement', 'main replacement costs', 'lead service line replacement', 'PFAS treatment costs',
      'non-revenue water', 'the distribution system improvement charge', 'conservation rate design', 'wastewater treatment upgrades',
      'acquisition of a municipal system', 'fair market valuation', 'the consumption forecast', 'drought surcharges',
      'meter replacement', 'fire protection charges', 'affordability programs', 'the capital improvement plan',
    ],
    programs: ['Lead Service Line Replacement Program', 'Water Treatment Plant Expansion', 'Main Renewal Program', 'Advanced Metering Project', 'Wastewater Collection System Upgrade'],
    rateElements: ['Monthly Service Charge (5/8-inch meter)', 'Volumetric Charge, First 6,000 Gallons', 'Volumetric Charge, Over 6,000 Gallons', 'Distribution System Improvement Charge', 'Private Fire Protection Charge'],
    schedules: ['General Metered Service', 'Residential Water Service', 'Wastewater Service', 'Private Fire Service', 'Resale Service'],
    unit: '1,000 gallons',
    metrics: ['{n} miles of water main', '{n} customer connections', 'non-revenue water of {p}', '{n} lead service lines', 'average daily demand of {n} million gallons'],
    caseTypes: [
      { type: 'rate case', title: 'Application of {company} for Authority to Increase Water and Wastewater Rates', weight: 5 },
      { type: 'acquisition', title: 'Joint Application for Approval of the Acquisition of the {place} Water System by {company}', weight: 2 },
      { type: 'cost recovery', title: 'Petition of {company} for Approval of the {program}', weight: 2 },
      { type: 'complaint', title: '{intervenor} v. {company}: Complaint Regarding {issueTitle}', weight: 1 },
    ],
  },
  telecom: {
    issues: [
      'universal service support', 'carrier of last resort obligations', 'broadband deployment commitments', 'Lifeline eligibility',
      'the interconnection agreement', 'pole attachment rates', 'service quality standards', '911 reliability',
      'copper retirement', 'intercarrier compensation', 'rural broadband grants', 'network outage reporting',
      'access line losses', 'the price cap plan',
    ],
    programs: ['Rural Broadband Expansion', 'Fiber-to-the-Premises Buildout', 'Next Generation 911 Upgrade', 'Copper Network Retirement Plan'],
    rateElements: ['Basic Local Exchange Service', 'Access Line Charge', 'Pole Attachment Rate (per pole)', 'Directory Assistance', 'Lifeline Discount'],
    schedules: ['Local Exchange Service', 'Intrastate Access Service', 'Pole Attachment Tariff', 'Lifeline Service'],
    unit: 'line per month',
    metrics: ['{n} access lines', '{n} locations passed', 'an out-of-service rate of {p}', '{n} route miles of fiber'],
    caseTypes: [
      { type: 'interconnection', title: 'Petition for Arbitration of an Interconnection Agreement Between {company} and {company2}', weight: 2 },
      { type: 'certificate', title: 'Application of {company} for a Certificate to Provide Local Exchange Service', weight: 2 },
      { type: 'rulemaking', title: 'Rulemaking Regarding {issueTitle}', weight: 2 },
      { type: 'complaint', title: '{intervenor} v. {company}: Complaint Regarding {issueTitle}', weight: 2 },
    ],
  },
  pipeline: {
    issues: [
      'the certificate application under Section 7(c) of the Natural Gas Act', 'recourse rates', 'firm transportation service',
      'the open season results', 'compressor station siting', 'the environmental impact statement', 'greenhouse gas emissions',
      'market need and precedent agreements', 'eminent domain and landowner impacts', 'negotiated rate agreements',
      'fuel retention percentages', 'the cost and revenue study', 'incremental rate treatment', 'pipeline safety compliance',
    ],
    programs: ['Mainline Expansion Project', 'Compressor Station Modernization', 'Southeast Supply Enhancement', 'Northern Access Project', 'Lateral Extension Project'],
    rateElements: ['Reservation Charge', 'Usage Charge', 'Fuel Retention', 'Interruptible Transportation Rate', 'Authorized Overrun Charge'],
    schedules: ['Rate Schedule FTS', 'Rate Schedule ITS', 'Rate Schedule FSS', 'Rate Schedule PAL'],
    unit: 'Dth',
    metrics: ['{n} Dth/d of firm capacity', '{n} miles of 36-inch pipeline', '{n} horsepower of compression', 'a load factor of {p}'],
    caseTypes: [
      { type: 'certificate', title: 'Application of {company} for a Certificate of Public Convenience and Necessity for the {program}', weight: 4 },
      { type: 'rate case', title: '{company}: General Section 4 Rate Case', weight: 2 },
      { type: 'complaint', title: '{intervenor} v. {company}: Complaint Regarding {issueTitle}', weight: 1 },
      { type: 'abandonment', title: 'Application of {company} for Abandonment of Facilities', weight: 1 },
    ],
  },
};

/** Phrases used regardless of industry, by purpose. */
export const regulatoryPhrases = {
  standards: [
    'just and reasonable', 'in the public interest', 'not unduly discriminatory or preferential', 'prudently incurred',
    'used and useful', 'supported by substantial evidence', 'consistent with the public convenience and necessity',
  ],
  procedures: [
    'evidentiary hearings', 'a prehearing conference', 'public participation hearings', 'discovery', 'settlement discussions',
    'a technical conference', 'briefing', 'oral argument', 'a workshop', 'rebuttal testimony',
  ],
  adjectives: ['reasonable', 'unsupported', 'excessive', 'necessary', 'well-supported', 'speculative', 'overstated', 'prudent', 'premature'],
};
