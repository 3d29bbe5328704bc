import './instrument';
import { loadConfigOrExit } from '@docket/config';
import { createLogger } from '@docket/observability';
import { runService } from '@docket/service-kit';
import { startApp } from './app';
import { configSchema } from './config';

const config = loadConfigOrExit(configSchema);
const logger = createLogger('alerts', config.LOG_LEVEL);

runService('alerts', logger, () => startApp(config, logger));
