/**
 * The services' gRPC doors: with TLS configured a server takes only callers holding a certificate
 * from its CA (mutual TLS), and by default it listens on loopback alone, so another machine cannot
 * even connect. Real servers and clients over real sockets; certificates from the launcher's own
 * generator (the one `npm start` uses).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status,
  type ChannelCredentials,
  type Client,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import { ensureLocalCertificates } from '@docket/local-infra/src/grpc-certificates';
import { grpcServing } from '@docket/local-infra/src/stack/health';
import { createLogger } from '@docket/observability';
import { grpcChannelCredentials, startGrpcServer, type GrpcTls, type RunningGrpcServer } from '../../src';

const logger = createLogger('grpc-tls-test', 'silent');

const bytes = { serialize: (value: Buffer) => value, deserialize: (value: Buffer) => value };
/** One unary method that answers with the caller's certificate subject (or "none"), counting its calls. */
const definition: ServiceDefinition = {
  whoAmI: {
    path: '/test.Probe/WhoAmI',
    requestStream: false,
    responseStream: false,
    originalName: 'whoAmI',
    requestSerialize: bytes.serialize,
    requestDeserialize: bytes.deserialize,
    responseSerialize: bytes.serialize,
    responseDeserialize: bytes.deserialize,
  },
};
type ProbeClient = Client & {
  whoAmI(
    request: Buffer,
    metadata: Metadata,
    options: { deadline: number },
    callback: (error: ServiceError | null, reply?: Buffer) => void,
  ): void;
};
const ProbeClient = makeGenericClientConstructor(definition, 'Probe') as unknown as new (
  target: string,
  creds: ChannelCredentials,
) => ProbeClient;

let calls = 0;
const implementation = {
  whoAmI: (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
    calls += 1;
    callback(null, Buffer.from(String(call.getAuthContext()?.sslPeerCertificate?.subject?.CN ?? 'none')));
  },
};

function whoAmI(target: string, creds: ChannelCredentials): Promise<string> {
  const client = new ProbeClient(target, creds);
  return new Promise<string>((resolve, reject) => {
    client.whoAmI(Buffer.alloc(0), new Metadata(), { deadline: Date.now() + 5_000 }, (error, reply) =>
      error ? reject(error) : resolve(reply!.toString()),
    );
  }).finally(() => client.close());
}

/** An address of this machine that is not loopback (an interface's own address: the kernel delivers it locally). */
function nonLoopbackAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
}

/** 'connected' or the socket error's code, for one TCP connection attempt. */
function tcpConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 5_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

let dir: string;
let own: { documents: GrpcTls; bff: GrpcTls };
let stranger: GrpcTls;
let server: RunningGrpcServer;
let target: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grpc-tls-test-'));
  const ours = await ensureLocalCertificates(path.join(dir, 'ours'), ['documents', 'bff']);
  own = { documents: ours.parts.documents!, bff: ours.parts.bff! };
  // Same names, same kind of CA, another key: what an attacker who made their own CA would hold.
  stranger = (await ensureLocalCertificates(path.join(dir, 'theirs'), ['bff'])).parts.bff!;
  server = await startGrpcServer({ port: 0, tls: own.documents, logger, services: [{ definition, implementation }] });
  target = `127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.shutdown(1000);
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  calls = 0;
});

describe('mutual TLS on a service port', () => {
  it('answers a caller holding a certificate from the same CA, and sees who it is', async () => {
    await expect(whoAmI(target, grpcChannelCredentials(own.bff))).resolves.toBe('bff');
    expect(calls).toBe(1);
  });

  it('refuses a plaintext call before any method runs', async () => {
    await expect(whoAmI(target, credentials.createInsecure())).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(calls).toBe(0);
  });

  it('refuses a TLS caller that presents no certificate, even one that trusts the server', async () => {
    const anonymous = credentials.createSsl(fs.readFileSync(own.bff.ca));
    await expect(whoAmI(target, anonymous)).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(calls).toBe(0);
  });

  it('refuses a caller whose certificate another CA signed (with the same name)', async () => {
    // The stranger trusts our CA, so only the server's check of the client certificate can stop it.
    const forged = credentials.createSsl(
      fs.readFileSync(own.bff.ca),
      fs.readFileSync(stranger.key),
      fs.readFileSync(stranger.cert),
    );
    await expect(whoAmI(target, forged)).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(calls).toBe(0);
  });

  it('a client does not talk to a server whose certificate another CA signed', async () => {
    const impostor = await startGrpcServer({
      port: 0,
      tls: stranger,
      logger,
      services: [{ definition, implementation }],
    });
    try {
      await expect(whoAmI(`127.0.0.1:${impostor.port}`, grpcChannelCredentials(own.bff))).rejects.toMatchObject({
        code: status.UNAVAILABLE,
      });
      expect(calls).toBe(0);
    } finally {
      await impostor.shutdown(1000);
    }
  });

  it("the health-only port answers plaintext probes with the main port's state, and nothing else", async () => {
    const probed = await startGrpcServer({
      port: 0,
      healthPort: 0,
      tls: own.documents,
      logger,
      services: [{ definition, implementation }],
    });
    try {
      expect(probed.healthPort).toBeGreaterThan(0);
      await expect(grpcServing(`127.0.0.1:${probed.healthPort}`)).resolves.toBe(true);
      probed.setServing(false);
      await expect(grpcServing(`127.0.0.1:${probed.healthPort}`)).resolves.toBe(false);
      await expect(whoAmI(`127.0.0.1:${probed.healthPort}`, credentials.createInsecure())).rejects.toMatchObject({
        code: status.UNIMPLEMENTED,
      });
      expect(calls).toBe(0);
    } finally {
      await probed.shutdown(1000);
    }
  });
});

describe('listen address', () => {
  const address = nonLoopbackAddress();
  // Said in the test's name rather than passed silently: without such an address there is nothing to prove.
  const onNetwork = address ? it : it.skip;
  const where = address ?? 'none: this machine has no non-loopback IPv4 address, so this cannot be checked here';

  onNetwork(
    `a server on the default address refuses connections to this machine's network address (${where})`,
    async () => {
      const loopbackOnly = await startGrpcServer({ port: 0, logger, services: [{ definition, implementation }] });
      try {
        await expect(tcpConnect(address!, loopbackOnly.port)).resolves.toBe('ECONNREFUSED');
        await expect(tcpConnect('127.0.0.1', loopbackOnly.port)).resolves.toBe('connected');
      } finally {
        await loopbackOnly.shutdown(1000);
      }
    },
  );

  onNetwork(`a server told to listen on every interface is reachable there, with TLS (${where})`, async () => {
    const everywhere = await startGrpcServer({
      port: 0,
      host: '0.0.0.0',
      tls: own.documents,
      logger,
      services: [{ definition, implementation }],
    });
    try {
      await expect(tcpConnect(address!, everywhere.port)).resolves.toBe('connected');
      await expect(whoAmI(`${address}:${everywhere.port}`, credentials.createInsecure())).rejects.toMatchObject({
        code: status.UNAVAILABLE,
      });
      expect(calls).toBe(0);
    } finally {
      await everywhere.shutdown(1000);
    }
  });
});
