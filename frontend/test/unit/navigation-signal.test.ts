import { dropNavigationSignals, isNavigationSignal } from '../../lib/navigation-signal';

function withDigest(digest: string): Error & { digest: string } {
  return Object.assign(new Error(digest), { digest });
}

describe('isNavigationSignal', () => {
  it('recognises redirect() and permanentRedirect() (Next 15.5 digest format)', () => {
    expect(isNavigationSignal(withDigest('NEXT_REDIRECT;replace;/login?next=%2Fsearch;307;'))).toBe(true);
    expect(isNavigationSignal(withDigest('NEXT_REDIRECT;push;/accounts;308;'))).toBe(true);
  });

  it('recognises notFound() and the other HTTP access fallbacks', () => {
    expect(isNavigationSignal(withDigest('NEXT_HTTP_ERROR_FALLBACK;404'))).toBe(true);
    expect(isNavigationSignal(withDigest('NEXT_HTTP_ERROR_FALLBACK;403'))).toBe(true);
    expect(isNavigationSignal(withDigest('NEXT_NOT_FOUND'))).toBe(true);
  });

  it('looks at the message when there is no digest', () => {
    expect(isNavigationSignal(new Error('NEXT_REDIRECT'))).toBe(true);
    expect(isNavigationSignal('NEXT_NOT_FOUND')).toBe(true);
  });

  it('does not treat real errors as signals', () => {
    expect(isNavigationSignal(new Error('boom'))).toBe(false);
    expect(isNavigationSignal(withDigest('2337164253'))).toBe(false);
    expect(isNavigationSignal(new Error('Failed: NEXT_REDIRECT inside'))).toBe(false);
    expect(isNavigationSignal(null)).toBe(false);
    expect(isNavigationSignal(undefined)).toBe(false);
    expect(isNavigationSignal(42)).toBe(false);
  });
});

describe('dropNavigationSignals (Sentry beforeSend)', () => {
  it('drops an event whose original exception is a signal', () => {
    const event = { exception: { values: [{ type: 'Error', value: 'x' }] } };
    expect(dropNavigationSignals(event, { originalException: withDigest('NEXT_HTTP_ERROR_FALLBACK;404') })).toBeNull();
  });

  it('drops an event whose exception value is a signal', () => {
    expect(dropNavigationSignals({ exception: { values: [{ value: 'NEXT_REDIRECT;replace;/x;307;' }] } })).toBeNull();
  });

  it('keeps other events unchanged', () => {
    const event = { exception: { values: [{ value: 'TypeError: x is undefined' }] } };
    expect(dropNavigationSignals(event, { originalException: new TypeError('x is undefined') })).toBe(event);
  });
});
