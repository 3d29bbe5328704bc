export type TextFactKind = 'money' | 'percentage' | 'date';

/** One amount, percentage or date in a text; [start, end) are UTF-16 offsets into the input. */
export interface TextFact {
  kind: TextFactKind;
  /** As written ("$4.2 million", "10.5 percent", "March 3, 2025"). */
  text: string;
  start: number;
  end: number;
  /**
   * money: currency units (4200000 for "$4.2 million"; cents and mills as fractions of a dollar; a range
   * gives its low end); percentage: the number (12.5 for "12.5%"; low end of a range);
   * date: ISO yyyy-mm-dd, or yyyy-mm when the text names only a month.
   */
  value: number | string;
}

export interface MoneyFact extends TextFact {
  kind: 'money';
  value: number;
}

export interface PercentageFact extends TextFact {
  kind: 'percentage';
  value: number;
  /** "percentage points" is a difference of percentages, not a share. */
  points: boolean;
}

export interface DateFact extends TextFact {
  kind: 'date';
  value: string;
}
