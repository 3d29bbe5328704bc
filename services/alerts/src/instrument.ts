// Imported first by main.ts: telemetry must patch grpc, kafkajs and mongoose before they load.
import { initTelemetry } from '@docket/observability';

initTelemetry({ serviceName: 'alerts' });
