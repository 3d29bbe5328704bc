// Imported first by main.ts: telemetry must patch grpc, kafkajs, mongoose and ioredis before they load.
import { initTelemetry } from '@docket/observability';

initTelemetry({ serviceName: 'query-engine' });
