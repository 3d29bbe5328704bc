import type { DocumentMention, DocumentValue } from '../domain/text-analysis';

/**
 * A document's mentions and values as stored: one JSON string each, not arrays of sub-documents.
 * The MongoDB stand-in's cost per write follows the number of values it encodes, and these arrays
 * are most of a filing's (about 400 of them), written at its insert and again at its counted flag;
 * nothing queries inside them, they are read whole with their document.
 */
export interface PackedAnalysis {
  mentionsJson: string;
  valuesJson: string;
}

/** Records written before the packing hold the arrays themselves, and are read as they are. */
export interface UnpackedAnalysis {
  mentions?: DocumentMention[];
  values?: DocumentValue[];
}

export function packAnalysis(analysis: { mentions: DocumentMention[]; values: DocumentValue[] }): PackedAnalysis {
  return { mentionsJson: JSON.stringify(analysis.mentions), valuesJson: JSON.stringify(analysis.values) };
}

export function mentionsOf(record: Partial<PackedAnalysis> & UnpackedAnalysis): DocumentMention[] {
  return record.mentionsJson ? (JSON.parse(record.mentionsJson) as DocumentMention[]) : (record.mentions ?? []);
}

export function valuesOf(record: Partial<PackedAnalysis> & UnpackedAnalysis): DocumentValue[] {
  return record.valuesJson ? (JSON.parse(record.valuesJson) as DocumentValue[]) : (record.values ?? []);
}
