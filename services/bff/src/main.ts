import './instrument';
import { loadConfigOrExit } from '@docket/config';
import { createLogger } from '@docket/observability';
import { runService } from '@docket/service-kit';
import { startBff } from './app';
import { bffEnvSchema } from './config';

const config = loadConfigOrExit(bffEnvSchema);
const logger = createLogger('bff', config.LOG_LEVEL);

runService('bff', logger, async () => {
  if (config.sessionSecretIsDevDefault) {
    logger.warn(
      'SESSION_SECRET is not set; using a development default derived from this machine (never do this in production)',
    );
  }
  return startBff(config, logger);
});
