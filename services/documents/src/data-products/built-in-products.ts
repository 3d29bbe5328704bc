import type { DataProduct } from '../domain/data-product.types';
import type { ColumnDef } from '../domain/data-products/product-schema';

/** Each computed cell's citation: the sentence of a filing it was read from. */
const SOURCES: ColumnDef = {
  name: 'sources',
  type: 'citations',
  description: 'For each stated cell, the sentence of a filing it was read from',
};

const PROCEEDING_COLUMNS: ColumnDef[] = [
  { name: 'proceeding_id', type: 'text', description: 'The commission and its docket number' },
  { name: 'docket', type: 'text', description: 'Docket number as the commission writes it' },
  { name: 'agency', type: 'text', description: 'The commission' },
  { name: 'state', type: 'text', description: 'Two-letter state code; empty for a federal commission' },
  { name: 'utility', type: 'text', description: 'The utility that applied' },
  { name: 'title', type: 'text', description: 'The proceeding as its caption names it' },
];

/**
 * Data products whose releases are tables, defined at every start (their schemas are code). The
 * rate-case tracker and the procedural calendar are computed monthly by the query-engine from the
 * filings it indexes, every cell citing its sentence; tariff changes is published by administrators
 * as files, and a file may add columns (a recorded schema change).
 */
export const BUILT_IN_PRODUCTS: Omit<DataProduct, 'releases'>[] = [
  {
    id: 'rate-case-tracker',
    name: 'Rate-case tracker',
    description:
      'Every general rate case in the filings: what the utility requested, what Staff and intervenors ' +
      'recommended, what the commission authorized, the schedule and the outcome. Computed each month ' +
      'from the filings filed by its end; every cell cites the sentence it was read from.',
    cadence: 'monthly',
    fields: [],
    sourceIds: [],
    table: {
      schema: {
        key: ['proceeding_id'],
        columns: [
          ...PROCEEDING_COLUMNS,
          { name: 'application_date', type: 'date', description: 'The day the application was filed' },
          { name: 'requested_increase', type: 'money', unit: 'USD', description: 'Revenue increase requested' },
          {
            name: 'staff_recommendation',
            type: 'money',
            unit: 'USD',
            description: "The commission Staff's recommended increase",
          },
          {
            name: 'intervenor_recommendation',
            type: 'money',
            unit: 'USD',
            description: 'The lowest increase an intervenor recommended',
          },
          { name: 'authorized_increase', type: 'money', unit: 'USD', description: 'Revenue increase authorized' },
          { name: 'requested_roe', type: 'percent', description: 'Return on equity requested, where stated' },
          { name: 'authorized_roe', type: 'percent', description: 'Return on equity authorized, where stated' },
          {
            name: 'status',
            type: 'status',
            order: ['pending', 'decided', 'withdrawn'],
            description: 'Pending until a decision or a withdrawal is filed',
          },
          { name: 'outcome', type: 'text', description: "The decision's disposition" },
          { name: 'decision_date', type: 'date', description: 'The day of the decision' },
          { name: 'next_event', type: 'text', description: 'The next date of the schedule in force' },
          { name: 'next_event_date', type: 'date', description: 'When the next event is' },
          { name: 'hearing_date', type: 'date', description: 'The evidentiary hearing in force' },
          { name: 'intervenor_count', type: 'integer', description: 'Parties granted intervention' },
          { name: 'last_filing_date', type: 'date', description: 'The latest filing in the proceeding' },
          SOURCES,
        ],
      },
      wording: {
        row: { one: 'proceeding', many: 'proceedings' },
        labels: {
          requested_increase: 'requested increase',
          authorized_increase: 'authorized increase',
          staff_recommendation: 'Staff recommendation',
          intervenor_recommendation: 'intervenor recommendation',
          hearing_date: 'hearing',
          next_event_date: 'next event',
          last_filing_date: 'last filing date',
          intervenor_count: 'intervenor count',
          decision_date: 'decision date',
        },
      },
    },
  },
  {
    id: 'procedural-calendar',
    name: 'Procedural calendar',
    description:
      'Every evidentiary hearing, comment deadline and intervention deadline the filings set, across ' +
      'proceedings: the date in force and every date it replaced, kept and marked superseded. Computed ' +
      'each month from the filings filed by its end; every date cites the sentence that sets it.',
    cadence: 'monthly',
    fields: [],
    sourceIds: [],
    table: {
      schema: {
        key: ['proceeding_id', 'event', 'date'],
        columns: [
          PROCEEDING_COLUMNS[0]!,
          { name: 'event', type: 'text', description: 'Evidentiary hearing, Comments due or Intervention deadline' },
          { name: 'date', type: 'date', description: 'The day it is set for' },
          ...PROCEEDING_COLUMNS.slice(1),
          {
            name: 'status',
            type: 'status',
            order: ['current', 'superseded'],
            description: 'current: the date in force; superseded: a later filing moved it',
          },
          SOURCES,
        ],
      },
      wording: { row: { one: 'date', many: 'dates' }, labels: { status: 'date' } },
    },
  },
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

/** Products earlier versions generated with made-up counts and no rows: removed at start. */
export const RETIRED_PRODUCT_IDS = ['interconnection-queue', 'tariff-filings'];
