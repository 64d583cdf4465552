// Types of scripts/prepare-tests.mjs, for the tests that import it.

export class MissingPrerequisites extends Error {}

export interface InstallRights {
  may: boolean;
  sudo?: boolean;
  why?: string;
}

export interface RunResult {
  status: number | null;
  stdout: string;
}

export type Run = (cmd: string, args: string[], options: { env: NodeJS.ProcessEnv; capture?: boolean }) => RunResult;

export function findOnPath(name: string, PATH?: string): string | null;
export function isDebianLike(osRelease: string): boolean;
export function installRights(options?: { env?: NodeJS.ProcessEnv; uid?: number; osRelease?: string }): InstallRights;
export function prepareTests(options?: {
  env?: NodeJS.ProcessEnv;
  chromiumPath?: string;
  postgresPath?: string;
  uid?: number;
  rights?: InstallRights;
  run?: Run;
}): { databaseUrl: string; chromiumPath: string; installed: string[] };
