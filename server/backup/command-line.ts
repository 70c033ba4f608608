import { ConfigError } from '#server/config.ts';
import { DumpError } from '#server/db/dumps.ts';
import { BackupRefused } from './backup-file';

/** `npm run` starts scripts in the project's folder; the person typed the command in INIT_CWD. */
export const typedIn = () => process.env.INIT_CWD ?? process.cwd();

/** Runs `npm run backup` or `restore`: a refusal is said in its own words, anything else with its stack; both exit 1. */
export function runCommand(main: (args: string[]) => Promise<void>): void {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof BackupRefused || error instanceof ConfigError || error instanceof DumpError;
    console.error(known ? error.message : error);
    process.exit(1);
  });
}
