import { InputError } from '@docket/errors';

/**
 * A malformed query. An InputError, so services answer INVALID_ARGUMENT and the BFF 400; the message
 * names the 1-based column and what was expected, for the user; `position` (0-based offset into the
 * query, in UTF-16 code units like String#slice) and `expected` are for a UI that underlines the spot.
 */
export class QuerySyntaxError extends InputError {
  readonly column: number;

  constructor(
    message: string,
    readonly position: number,
    readonly expected: string,
  ) {
    super(message, [{ path: 'query', message }]);
    this.column = position + 1;
  }
}
