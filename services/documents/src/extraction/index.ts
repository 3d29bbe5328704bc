export { extractText, PAGE_SEPARATOR } from './text-extraction';
export { parseSidecar, sidecarSchema, type Sidecar } from './metadata-sidecar';
export { detectFormat } from './format-detection';
export type {
  ExtractionFailure,
  ExtractionFailureReason,
  ExtractionFormat,
  ExtractionInput,
  ExtractionLimits,
  ExtractionResult,
  ExtractionSuccess,
  PageSpan,
} from './extraction.types';
