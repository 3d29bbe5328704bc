import type { Cell, ProductColumn } from '@/lib/types';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const smallMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** A cell as a reader expects it: money in dollars, percents with %, dates as written; '' when not stated. */
export function formatCell(column: Pick<ProductColumn, 'type' | 'unit'>, value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (column.type === 'money' && (column.unit === '' || column.unit === 'USD'))
      return Math.abs(value) < 100 ? smallMoney.format(value) : money.format(value);
    if (column.type === 'percent') return `${number.format(value)}%`;
    return number.format(value);
  }
  return String(value);
}

/** A column's name as a heading: "effective_date" → "Effective date". */
export function columnLabel(name: string): string {
  const words = name.replace(/_/gu, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isNumeric = (type: string): boolean => ['integer', 'number', 'money', 'percent'].includes(type);
