export * from './load-config';
export * from './common-env';
export { z } from 'zod';
export * from './grpc-env';
