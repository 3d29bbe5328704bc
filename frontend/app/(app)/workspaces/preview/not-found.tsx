import { WorkspaceNotFound } from '@/components/workspaces/workspace-not-found';

export default WorkspaceNotFound;
