import type { DataProduct } from '../domain/data-product.types';

/**
 * Data products whose releases are tables, defined at every start (their schemas are code). Tariff
 * changes is published by administrators as files; its columns are what each release is checked
 * against, and a file may add columns (a recorded schema change).
 */
export const BUILT_IN_PRODUCTS: Omit<DataProduct, 'releases'>[] = [
  {
    id: 'tariff-changes',
    name: 'Tariff changes',
    description:
      'Tariff sheets in force by utility and service class, with their effective dates and rates: ' +
      'published each month by the research desk from the commissions’ tariff books.',
    cadence: 'monthly',
    fields: [],
    sourceIds: [],
    table: {
      schema: {
        key: ['tariff_id'],
        columns: [
          { name: 'tariff_id', type: 'text', description: 'The tariff sheet: utility, book and sheet number' },
          { name: 'utility', type: 'text', description: 'The utility whose tariff it is' },
          { name: 'state', type: 'text', description: 'Two-letter state code' },
          { name: 'service_class', type: 'text', description: 'Residential, commercial, industrial, …' },
          { name: 'effective_date', type: 'date', description: 'The day the sheet takes effect' },
          { name: 'rate', type: 'money', unit: 'USD', description: 'The rate the sheet sets' },
          { name: 'rate_unit', type: 'text', description: 'What the rate is per (kWh, therm, month, …)' },
          {
            name: 'status',
            type: 'status',
            order: ['proposed', 'suspended', 'effective', 'superseded'],
            description: 'Where the sheet stands',
          },
        ],
      },
      wording: {
        row: { one: 'tariff sheet', many: 'tariff sheets' },
        labels: { effective_date: 'effective date', rate: 'rate', status: 'status' },
      },
    },
  },
];
