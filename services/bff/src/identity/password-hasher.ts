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
    this.dummyHash ??= hash('dummy password that nobody has');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
