import { instrumentationsFor } from '../../src/telemetry';

/** The instrumentations' package names; each is disabled at once (constructing one patches its module). */
function namesFor(recording: boolean): string[] {
  const instrumentations = instrumentationsFor({ recording });
  for (const instrumentation of instrumentations) instrumentation.disable();
  return instrumentations.map((instrumentation) =>
    instrumentation.instrumentationName.replace('@opentelemetry/instrumentation-', ''),
  );
}

describe('instrumentationsFor', () => {
  it('without recording: only what carries a trace to the next process (HTTP, gRPC, Kafka)', () => {
    expect(namesFor(false).sort()).toEqual(['grpc', 'http', 'kafkajs']);
  });

  it('when spans are recorded: express layers, MongoDB and Redis calls too', () => {
    expect(namesFor(true).sort()).toEqual(['express', 'grpc', 'http', 'ioredis', 'kafkajs', 'mongoose']);
  });
});
