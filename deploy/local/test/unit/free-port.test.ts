import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../../src/wait';

describe('freePort', () => {
  it('hands out ports below the ephemeral range, which a server can then bind', async () => {
    // Linux's range, where outgoing connections take their source ports and port-0 listeners land.
    const [ephemeralFirst] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralFirst!);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never hands out the same port twice, though none of them is bound yet', async () => {
    // Drawn at random from 12,000 ports, 1,000 draws would repeat about 40 times.
    const ports: number[] = [];
    for (let i = 0; i < 1_000; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
