import type { GrpcServiceBinding, UserActivity } from '@docket/service-kit';

/**
 * The same service, each of its calls noted as a user's request (UserActivity.noteRequest) so that
 * the default corpus's load steps back while users ask, but those named in `except`: a page polling
 * the load's own progress should not slow the load down.
 */
export function notingUserRequests(
  binding: GrpcServiceBinding,
  users: Pick<UserActivity, 'noteRequest'>,
  except: string[] = [],
): GrpcServiceBinding {
  const implementation = Object.fromEntries(
    Object.entries(binding.implementation).map(([name, handler]) => [
      name,
      except.includes(name)
        ? handler
        : (...args: unknown[]) => {
            users.noteRequest();
            return (handler as (...a: unknown[]) => unknown)(...args);
          },
    ]),
  );
  return { definition: binding.definition, implementation: implementation as GrpcServiceBinding['implementation'] };
}
