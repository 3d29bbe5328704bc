import './instrument';
import { loadConfigOrExit } from '@docket/config';
import { createLogger } from '@docket/observability';
import { runService } from '@docket/service-kit';
import { startApp } from './app';
import { configSchema } from './config';

const config = loadConfigOrExit(configSchema);
const logger = createLogger('query-engine', config.QUERY_ENGINE_LOG_LEVEL ?? config.LOG_LEVEL);

runService('query-engine', logger, () => startApp(config, logger));
