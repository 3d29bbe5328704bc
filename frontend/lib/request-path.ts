// Set by middleware.ts on every page request so server code knows where to come back after sign-in.
export const REQUEST_PATH_HEADER = 'x-docket-request-path';
