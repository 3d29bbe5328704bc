// Loaded first by main.ts: OpenTelemetry must patch http, express, grpc, mongoose and ioredis before they load.
import { initTelemetry } from '@docket/observability';

initTelemetry({ serviceName: 'bff' });
