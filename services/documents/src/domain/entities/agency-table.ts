// Well-known agencies, commissions and courts with the abbreviations and short forms filings use.
// The first name is the canonical one; every alias maps to it (FERC → Federal Energy Regulatory Commission).

export interface AgencyEntry {
  name: string;
  aliases: string[];
}

const CIRCUITS = [
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
  'Eleventh',
];
const ORDINALS = ['1st', '2d', '3d', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th'];

function circuitCourts(): AgencyEntry[] {
  const courts = CIRCUITS.map((circuit, i) => ({
    name: `U.S. Court of Appeals for the ${circuit} Circuit`,
    aliases: [`United States Court of Appeals for the ${circuit} Circuit`, `${circuit} Circuit`, `${ORDINALS[i]} Cir.`],
  }));
  courts.push(
    {
      name: 'U.S. Court of Appeals for the D.C. Circuit',
      aliases: [
        'United States Court of Appeals for the District of Columbia Circuit',
        'U.S. Court of Appeals for the District of Columbia Circuit',
        'United States Court of Appeals for the D.C. Circuit',
        'D.C. Circuit',
        'D.C. Cir.',
      ],
    },
    {
      name: 'U.S. Court of Appeals for the Federal Circuit',
      aliases: ['United States Court of Appeals for the Federal Circuit', 'Federal Circuit', 'Fed. Cir.'],
    },
  );
  return courts;
}

export const AGENCIES: AgencyEntry[] = [
  { name: 'Federal Energy Regulatory Commission', aliases: ['FERC'] },
  { name: 'North American Electric Reliability Corporation', aliases: ['NERC'] },
  {
    name: 'Environmental Protection Agency',
    aliases: [
      'EPA',
      'U.S. EPA',
      'U.S. Environmental Protection Agency',
      'United States Environmental Protection Agency',
    ],
  },
  { name: 'Department of Energy', aliases: ['DOE', 'U.S. Department of Energy', 'United States Department of Energy'] },
  { name: 'Nuclear Regulatory Commission', aliases: ['NRC', 'U.S. Nuclear Regulatory Commission'] },
  { name: 'Securities and Exchange Commission', aliases: ['SEC', 'U.S. Securities and Exchange Commission'] },
  { name: 'Commodity Futures Trading Commission', aliases: ['CFTC'] },
  { name: 'Federal Trade Commission', aliases: ['FTC'] },
  { name: 'Federal Communications Commission', aliases: ['FCC'] },
  { name: 'Department of Justice', aliases: ['DOJ', 'U.S. Department of Justice'] },
  { name: 'Department of the Interior', aliases: ['DOI', 'U.S. Department of the Interior'] },
  { name: 'Department of Transportation', aliases: ['DOT', 'U.S. Department of Transportation'] },
  { name: 'Energy Information Administration', aliases: ['EIA', 'U.S. Energy Information Administration'] },
  { name: 'Bureau of Land Management', aliases: ['BLM'] },
  { name: 'Bureau of Ocean Energy Management', aliases: ['BOEM'] },
  { name: 'Pipeline and Hazardous Materials Safety Administration', aliases: ['PHMSA'] },
  { name: 'Army Corps of Engineers', aliases: ['USACE', 'U.S. Army Corps of Engineers', 'Corps of Engineers'] },
  { name: 'Internal Revenue Service', aliases: ['IRS'] },
  { name: 'Office of Management and Budget', aliases: ['OMB'] },
  { name: 'Bonneville Power Administration', aliases: ['BPA'] },
  {
    name: 'California Public Utilities Commission',
    aliases: ['CPUC', 'Public Utilities Commission of the State of California'],
  },
  { name: 'California Energy Commission', aliases: ['CEC'] },
  { name: 'California Independent System Operator', aliases: ['CAISO'] },
  { name: 'New York Public Service Commission', aliases: ['NYPSC', 'New York State Public Service Commission'] },
  { name: 'Public Utility Commission of Texas', aliases: ['PUCT', 'Texas PUC'] },
  { name: 'Railroad Commission of Texas', aliases: ['RRC', 'Texas Railroad Commission'] },
  { name: 'Public Utilities Commission of Ohio', aliases: ['PUCO'] },
  { name: 'New Jersey Board of Public Utilities', aliases: ['NJBPU', 'BPU'] },
  { name: 'Washington Utilities and Transportation Commission', aliases: ['WUTC', 'UTC'] },
  { name: 'Illinois Commerce Commission', aliases: ['ICC'] },
  { name: 'Arizona Corporation Commission', aliases: ['ACC'] },
  { name: 'Michigan Public Service Commission', aliases: ['MPSC'] },
  { name: 'Georgia Public Service Commission', aliases: ['GPSC'] },
  { name: 'Louisiana Public Service Commission', aliases: ['LPSC'] },
  { name: 'North Carolina Utilities Commission', aliases: ['NCUC'] },
  { name: 'Public Service Commission of Maryland', aliases: ['Maryland Public Service Commission', 'MDPSC'] },
  { name: 'Virginia State Corporation Commission', aliases: ['SCC', 'State Corporation Commission of Virginia'] },
  { name: 'Massachusetts Department of Public Utilities', aliases: ['DPU'] },
  { name: 'Supreme Court of the United States', aliases: ['U.S. Supreme Court', 'United States Supreme Court'] },
  ...circuitCourts(),
];
