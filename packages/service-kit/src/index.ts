export * from './grpc-server';
export * from './grpc-handlers';
export * from './grpc-call';
export * from '@docket/idle-release';
export * from './mongo';
export * from './run-service';
export * from './shutdown-ladder';
export * from './user-activity';
