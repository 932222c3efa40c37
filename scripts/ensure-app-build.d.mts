/** Where the app build's record is kept, relative to the package root. */
export const APP_BUILD_INFO: string;
/** Why the app build under `root` must be (re)built, as a sentence; undefined when it is current. */
export function appBuildProblem(root?: string): string | undefined;
/** Build the app and the CLI unless both are current; true when anything was built. Throws when a build fails. */
export function ensureAppBuild(log?: (line: string) => void, root?: string): boolean;
