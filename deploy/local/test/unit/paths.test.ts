import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findOnPath, requireBinary } from '../../src/paths';

describe('finding the machine binaries', () => {
  const originalPath = process.env.PATH;
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paths-'));
  });
  afterEach(() => {
    process.env.PATH = originalPath;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds an executable file on PATH', () => {
    const bin = path.join(dir, 'redis-server');
    fs.writeFileSync(bin, '#!/bin/sh\n', { mode: 0o755 });
    process.env.PATH = dir;
    expect(findOnPath('redis-server')).toBe(bin);
  });

  it('names the Debian package to install when a binary is missing', () => {
    process.env.PATH = dir;
    expect(() => requireBinary('redis-server', 'redis-server', 'or set REDIS_URL to an existing Redis')).toThrow(
      '`redis-server` was not found on PATH. Install the Debian/Ubuntu package `redis-server` ' +
        '(sudo apt-get install -y redis-server), or set REDIS_URL to an existing Redis.',
    );
  });
});
