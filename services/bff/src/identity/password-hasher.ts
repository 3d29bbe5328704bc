import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its recommended cost (19 MiB, 2 passes). */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password).catch(() => false);
  }

  /**
   * Runs a verification that always fails, for unknown e-mails: the response then takes as long as
   * a wrong password does, so timing does not reveal which addresses have accounts.
   */
  async verifyDummy(password: string): Promise<false> {
    await this.verify(await this.dummy(), password);
    return false;
  }

  /** Computes the dummy hash at start, so even the first unknown-e-mail sign-in is not faster than usual. */
  async warmUp(): Promise<void> {
    await this.dummy();
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hash('dummy password that nobody has');
    return this.dummyHash;
  }
}
