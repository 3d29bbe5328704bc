import { passwordWeakness, personalWords } from '../../src/identity/password-strength';

describe('password strength (zxcvbn with its common and English dictionaries)', () => {
  const alice = personalWords({ email: 'alice.marsh@lehigh-water.com', name: 'Alice Marsh' });

  it('reads the words of a name and e-mail address a guesser would try', () => {
    expect(alice).toEqual(expect.arrayContaining(['alice.marsh', 'alice', 'marsh', 'lehigh-water']));
  });

  it.each(['password1234', 'qwertyuiop12', 'iloveyou2024', 'aaaaaaaaaaaa', '123456789012', 'Password123!'])(
    'refuses the common or patterned %s, saying why and what would do',
    (password) => {
      const weakness = passwordWeakness(password, alice);
      expect(weakness).toMatch(/^is too easy to guess\. /);
      expect(weakness).toContain('A few unrelated words make a strong password');
    },
  );

  it('refuses a password made of the user’s own name, e-mail or the site’s name', () => {
    expect(passwordWeakness('alicemarsh2024', alice)).toMatch(/built from your name/);
    expect(passwordWeakness('Alice Marsh 1990', alice)).toMatch(/built from your name/);
    expect(passwordWeakness('docketresearch1', alice)).toMatch(/built from your name/);
    // The same string is fine for someone else: it is personal data that makes it weak.
    const zorvath = personalWords({ email: 'zorvath.quillane@example.com', name: 'Zorvath Quillane' });
    expect(passwordWeakness('quillanezorvath', zorvath)).toMatch(/built from your name/);
    expect(passwordWeakness('quillanezorvath', alice)).toBeNull();
  });

  it('accepts a few unrelated words and a random string', () => {
    expect(passwordWeakness('copper lantern orbit meadow', alice)).toBeNull();
    expect(passwordWeakness('Zq8#vT2m!pR6wx', alice)).toBeNull();
  });
});
