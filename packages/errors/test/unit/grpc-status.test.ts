import { status } from '@grpc/grpc-js';
import {
  ConflictError,
  fromGrpcError,
  InputError,
  NotAllowedError,
  NotFoundError,
  toGrpcError,
  UnavailableError,
} from '../../src';

describe('gRPC status mapping', () => {
  it.each([
    [new InputError('bad'), status.INVALID_ARGUMENT],
    [new NotFoundError('gone'), status.NOT_FOUND],
    [new ConflictError('dup'), status.ALREADY_EXISTS],
    [new NotAllowedError('no'), status.PERMISSION_DENIED],
    [new NotAllowedError('who?', true), status.UNAUTHENTICATED],
    [new UnavailableError('down'), status.UNAVAILABLE],
  ])('maps %s to its code and back to the same kind', (error, code) => {
    const grpcError = toGrpcError(error);
    expect(grpcError.code).toBe(code);
    const back = fromGrpcError(grpcError);
    expect(back.constructor).toBe(error.constructor);
    expect(back.message).toBe(error.message);
  });

  it('carries field issues of an InputError across the wire', () => {
    const issues = [{ path: 'title', message: 'must not be empty' }];
    const back = fromGrpcError(toGrpcError(new InputError('invalid document', issues)));
    expect(back).toBeInstanceOf(InputError);
    expect((back as InputError).issues).toEqual(issues);
  });

  it('hides the details of unexpected errors', () => {
    const grpcError = toGrpcError(new Error('password=hunter2 leaked'));
    expect(grpcError.code).toBe(status.INTERNAL);
    expect(grpcError.details).toBe('internal error');
  });
});
