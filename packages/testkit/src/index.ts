export { waitFor, type WaitForOptions } from './wait-for';
export { uniqueName } from './unique-name';
export { testInfraEnv, startedByLauncher, type TestInfraEnv } from './test-env';
export { printedPid } from './printed-pid';
export { leaveDeadGroupMember, type DeadGroupMemberOptions } from './dead-group-member';
