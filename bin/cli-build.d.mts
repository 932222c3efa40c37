export const PACKAGE_ROOT: string;
export const CLI_OUT_DIR: string;
export const BUILD_INFO: string;
export const BUILD_CONFIG_INPUTS: readonly string[];
/** What is wrong with the built CLI under `root`, or undefined when it is present and current. */
export function cliBuildProblem(root?: string): string | undefined;
/** What is wrong with a bundle whose build wrote `<outDir>/build-info.json`, naming `what`; undefined when current. */
export function bundleProblem(o: { root: string; outDir: string; configInputs: readonly string[]; what: string }): string | undefined;
/** `file:` URL of a built entry; throws an Error saying how to build when missing or stale. */
export function builtEntryUrl(entry: string, root?: string): string;
