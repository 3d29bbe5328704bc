export * from './app-errors';
export * from './grpc-status';
