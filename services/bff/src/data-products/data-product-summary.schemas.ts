import { z } from 'zod';
import { DataProduct } from '../catalog/catalog.schemas';
import { nullableDateTime } from '../http/common.schemas';
import { ProductRelease } from './data-products.schemas';

export const CoverageCount = z
  .object({
    value: z.string().nullable().meta({ description: 'null: the rows that do not state a value' }),
    rows: z.number().int(),
  })
  .meta({ id: 'CoverageCount' });

export const CoverageColumn = z
  .object({
    column: z.string(),
    type: z.string(),
    counts: z.array(CoverageCount).meta({ description: 'Most rows first' }),
  })
  .meta({ id: 'CoverageColumn' });

export const ColumnFigure = z
  .object({
    column: z.string(),
    measure: z.enum(['sum', 'median']).meta({ description: 'sum of a money column, median of a percent column' }),
    value: z.number().nullable().meta({ description: 'null when no row of the release states a value' }),
  })
  .meta({ id: 'ColumnFigure' });

export const ReleaseFigures = z
  .object({
    releaseId: z.string(),
    version: z.string(),
    asOf: z.string(),
    releasedAt: nullableDateTime,
    rows: z.number().int(),
    changes: z
      .object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() })
      .nullable()
      .meta({ description: 'From the change log; null for a first release' }),
    figures: z.array(ColumnFigure),
  })
  .meta({ id: 'ReleaseFigures' });

export const ProductSummary = z
  .object({
    dataProduct: DataProduct,
    releaseCount: z.number().int(),
    latestRelease: ProductRelease.nullable().meta({ description: 'null until a first release' }),
    nextExpected: z
      .string()
      .nullable()
      .meta({ description: 'YYYY-MM-DD, a cadence step after the latest as-of day; null for an irregular cadence' }),
    coverage: z
      .array(CoverageColumn)
      .meta({ description: "The latest release's rows by each low-cardinality column (status, state, agency…)" }),
    releases: z.array(ReleaseFigures).meta({ description: 'The last 24 releases, oldest first' }),
  })
  .meta({ id: 'ProductSummary' });
