export { waitFor, type WaitForOptions } from './wait-for';
export { uniqueName } from './unique-name';
export {
  testInfraEnv,
  isolatedServiceEnv,
  startedByLauncher,
  type IsolatedServiceEnv,
  type TestInfraEnv,
} from './test-env';
export { printedPid } from './printed-pid';
export { leaveDeadGroupMember, type DeadGroupMemberOptions } from './dead-group-member';
