export * from './connector';
export * from './http-client';
export * from './federal-register.connector';
export * from './courtlistener.connector';
