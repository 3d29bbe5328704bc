import { reportError, setErrorReporter } from '../../lib/error-reporter';

describe('error reporter', () => {
  it('drops errors until a reporter is set, then hands each one to it', () => {
    const error = new Error('boom');
    expect(() => reportError(error)).not.toThrow();
    const reported: unknown[] = [];
    setErrorReporter((e) => reported.push(e));
    reportError(error);
    expect(reported).toEqual([error]);
  });
});
