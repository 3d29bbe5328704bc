/** Word lists for plausible (fictional) company, organisation and person names. */
import type { Industry } from './model';

export const regionWords: Record<string, string[]> = {
  CA: ['Golden State', 'Pacific', 'Sierra', 'Bay Valley', 'Central Coast', 'San Joaquin', 'Redwood', 'Mojave'],
  NY: ['Empire', 'Hudson Valley', 'Mohawk', 'Long Island', 'Adirondack', 'Finger Lakes', 'Niagara', 'Catskill'],
  TX: ['Lone Star', 'Gulf Coast', 'Permian', 'Brazos', 'Hill Country', 'Panhandle', 'Trinity', 'Rio Grande'],
  IL: ['Prairie State', 'Northern Illinois', 'Lakeshore', 'Illini', 'Fox River', 'Sangamon', 'Kankakee'],
  FL: ['Sunshine', 'Peninsular', 'Gulf Breeze', 'Everglades', 'Suwannee', 'Treasure Coast', 'Panhandle'],
  PA: ['Keystone', 'Allegheny', 'Susquehanna', 'Lehigh Valley', 'Delaware Valley', 'Laurel Highlands'],
  MI: ['Great Lakes', 'Wolverine', 'Upper Peninsula', 'Thumb Area', 'Grand River', 'Huron'],
  OH: ['Buckeye', 'Ohio Valley', 'Miami Valley', 'Western Reserve', 'Scioto', 'Maumee'],
  WA: ['Cascade', 'Puget Sound', 'Columbia Basin', 'Olympic', 'Inland Empire', 'Yakima Valley'],
  CO: ['Rocky Mountain', 'Front Range', 'Western Slope', 'San Luis Valley', 'Arkansas Valley'],
  MA: ['Bay State', 'Berkshire', 'Cape Cod', 'Pioneer Valley', 'Merrimack', 'Old Colony'],
  MN: ['North Star', 'Northern Plains', 'Iron Range', 'Red River Valley', 'Lake Country', 'Minnesota Valley'],
  GA: ['Peach State', 'Chattahoochee', 'Piedmont', 'Coastal Georgia', 'Altamaha', 'Blue Ridge'],
  US: ['Interstate', 'Transcontinental', 'Mid-Continent', 'Northern Plains', 'Southern Star', 'Atlantic Seaboard', 'Appalachian', 'Great Plains', 'Midwest', 'Southwest'],
};

export const industryWords: Record<Industry, string[]> = {
  electric: ['Power Co.', 'Electric Company', 'Power & Light Company', 'Electric Cooperative, Inc.', 'Energy, Inc.', 'Transmission, LLC', 'Electric Utilities Corp.'],
  gas: ['Gas Company', 'Natural Gas Co.', 'Gas & Electric Company', 'Energy Delivery, Inc.', 'Gas Distribution Corp.'],
  water: ['Water Company', 'Water Service, Inc.', 'Water & Sewer Co.', 'American Water Company', 'Water Utilities, LLC'],
  telecom: ['Telephone Company', 'Communications, Inc.', 'Broadband, LLC', 'Telecom Corp.', 'Bell Telephone Co.'],
  pipeline: ['Pipeline Company, LLC', 'Gas Transmission, LLC', 'Pipe Line Corp.', 'Midstream Partners, LP', 'Gas Storage Co.'],
};

export const developerNames = [
  'Clearwater Solar, LLC', 'Windy Ridge Wind Farm, LLC', 'High Desert Storage, LLC', 'Bluestem Renewables, LLC',
  'Ironwood Battery Storage, LLC', 'Sagebrush Transmission Partners, LLC', 'Meridian Clean Energy, Inc.',
  'Cottonwood Generating Station, LLC', 'Silver Lake Hydro Corp.', 'Prairie Wind Energy Center, LLC',
  'Harbor Point Energy Storage, LLC', 'Red Mesa Solar Project, LLC', 'Aurora Grid Services, Inc.',
];

export const advocacyGroups = [
  'Sierra Club', 'Natural Resources Defense Council', 'Environmental Defense Fund', 'Earthjustice',
  'Solar Energy Industries Association', 'American Clean Power Association', 'Vote Solar',
  'Union of Concerned Scientists', 'Western Resource Advocates', 'Southern Alliance for Clean Energy',
  'National Consumer Law Center', 'AARP', 'Walmart Inc.', 'Kroger Co.', 'Federal Executive Agencies',
  'Interstate Natural Gas Association of America', 'Edison Electric Institute', 'American Public Power Association',
  'National Rural Electric Cooperative Association', 'Electric Power Supply Association', 'Public Citizen, Inc.',
];

/** State consumer advocates, by state code. */
export const consumerAdvocates: Record<string, string> = {
  CA: 'Public Advocates Office', NY: 'Utility Intervention Unit', TX: 'Office of Public Utility Counsel',
  IL: 'Citizens Utility Board', FL: 'Office of Public Counsel', PA: 'Office of Consumer Advocate',
  MI: 'Residential Customer Group', OH: 'Office of the Ohio Consumers\' Counsel', WA: 'Public Counsel Unit of the Attorney General',
  CO: 'Utility Consumer Advocate', MA: 'Office of the Attorney General', MN: 'Department of Commerce, Division of Energy Resources',
  GA: 'Consumers\' Utility Counsel', US: 'Office of the People\'s Counsel',
};

export const industrialGroups = ['Industrial Energy Consumers of', 'Large Power Intervenors of', 'Alliance of Industrial Customers of', 'Commercial Energy Consumers of'];

export const firstNames = [
  'Jane', 'Robert', 'Maria', 'David', 'Linda', 'Michael', 'Susan', 'James', 'Patricia', 'Carlos', 'Aisha', 'Wei',
  'Thomas', 'Elena', 'Samuel', 'Grace', 'Daniel', 'Priya', 'Jonathan', 'Rebecca', 'Anthony', 'Naomi', 'Kevin',
  'Laura', 'Marcus', 'Sofia', 'Gregory', 'Hannah', 'Victor', 'Rachel', 'Howard', 'Mei', 'Andre', 'Claire',
  'Raymond', 'Teresa', 'Luis', 'Olivia', 'Frank', 'Diane', 'Hiroshi', 'Fatima', 'Peter', 'Monica', 'Dennis',
];

export const lastNames = [
  'Alvarez', 'Bennett', 'Chen', 'Donovan', 'Ellison', 'Fitzgerald', 'Garcia', 'Hoffman', 'Ibarra', 'Jensen',
  'Kowalski', 'Lindqvist', 'Martinez', 'Nakamura', 'Okafor', 'Patel', 'Quinlan', 'Rasmussen', 'Sandoval',
  'Thornton', 'Underwood', 'Vasquez', 'Whitaker', 'Yamamoto', 'Zimmerman', 'Brennan', 'Castillo', 'Delgado',
  'Eriksen', 'Fairbanks', 'Goldberg', 'Hernandez', 'Iverson', 'Jablonski', 'Kaplan', 'Lombardi', 'McAllister',
  'Novak', 'O\'Connell', 'Pemberton', 'Reyes', 'Schroeder', 'Tanaka', 'Valdez', 'Washington', 'Abernathy',
];

export const middleInitials = 'ABCDEFGHJKLMNPRSTW'.split('');

export const witnessTitles = [
  'Director of Regulatory Affairs', 'Vice President, Rates and Regulation', 'Manager of Revenue Requirements',
  'Senior Rate Analyst', 'Director of Financial Planning', 'Principal, Economic Consulting', 'Chief Operating Officer',
  'Director of Transmission Planning', 'Manager of Load Forecasting', 'Senior Engineer, Distribution Planning',
  'Utility Rate Analyst', 'Senior Economist', 'Director of Gas Operations', 'Vice President and Treasurer',
];

export const staffWitnessTitles = ['Utility Rate Analyst', 'Senior Economist', 'Rate Case Manager', 'Utility Engineer', 'Regulatory Auditor', 'Senior Financial Analyst'];

export const intervenorWitnessTitles = ['Principal, Economic Consulting', 'Senior Policy Analyst', 'Director of Energy Policy', 'Consulting Economist', 'Managing Director, Rate Consulting'];

export const counselTitles = ['Senior Counsel', 'Assistant General Counsel', 'Attorney', 'Associate General Counsel', 'Regulatory Counsel', 'Partner'];

export const lawFirms = [
  'Whitaker & Lindqvist LLP', 'Bennett Okafor PLLC', 'Thornton, Reyes & Kaplan LLP', 'Castillo Novak LLP',
  'Fairbanks Schroeder & Quinlan P.C.', 'McAllister Donovan LLP', 'Pemberton Ellison LLP',
];

export const placeNames = [
  'Millbrook', 'Cedar Falls', 'Oak Ridge', 'Fairview', 'Riverton', 'Lakeside', 'Maple Grove', 'Pine Bluff',
  'Spring Valley', 'Harrison Township', 'Elk Grove', 'Stony Point', 'Westfield', 'Brookhaven', 'Clearfield',
];
