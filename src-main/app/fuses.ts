/**
 * The Electron fuses the packaged app is built with (Electron's security checklist, "Check which
 * fuses you can change"; docs/security.md § Electron checklist). Fuses are bits flipped in the
 * Electron binary at package time, not settings the app reads at run time. The object has the shape
 * of electron-builder's `electronFuses` option (each key is `@electron/fuses`' FuseV1Options name
 * in camelCase), so the builder configuration (issue 37 item 2) passes it as is. No electron import:
 * fuses.test.ts reads it in plain Node.
 */

/**
 * Who runs Electron's own binary as plain Node (`ELECTRON_RUN_AS_NODE=1`), the reason the
 * `runAsNode` fuse stays ON: file (from the repository root) → what it launches. fuses.test.ts
 * checks this list against every source file that sets the variable.
 */
export const RUN_AS_NODE_USERS: Readonly<Record<string, string>> = {
  'src-main/app/main.ts': 'the bundled reference server (server-everything) the app offers as a demo',
  'src-main/owner/owner-reaper.ts': 'the owner reaper, which stops server processes when the owner dies',
  'src-main/host/cli/gateway-owner.ts': 'the owner started in the background by `switchboard gateway`',
  'src-main/core/mcp/transport/login-shell-env.ts': "the helper that prints the login shell's environment as JSON",
  'src-main/host/cli/context.ts': 'the reference server started by the packaged CLI (whose Node is the app binary)',
  'src-main/app/path-launcher.ts': 'the `switchboard` command the app puts on PATH: the packaged CLI, run by the app\'s own binary',
};

/**
 * The fuse settings (true = on):
 * - `runAsNode` ON: the processes in {@link RUN_AS_NODE_USERS} need a Node runtime, and the package
 *   ships none besides Electron's binary. Turning it off means moving them to `utilityProcess` or
 *   a small launcher first. What it costs: anyone who can start a process as the person can run
 *   this binary as Node — which they can already do with any Node on the machine.
 * - `enableCookieEncryption` ON: the session's cookies on disk are encrypted with the OS keychain's key.
 * - `enableNodeOptionsEnvironmentVariable` OFF: `NODE_OPTIONS` cannot inject code into the app (or
 *   its run-as-Node children; none of them is configured through it).
 * - `enableNodeCliInspectArguments` OFF: `--inspect` cannot attach a debugger to the packaged app.
 * - `enableEmbeddedAsarIntegrityValidation` ON: app.asar is checked against the hash in the binary
 *   (macOS and Windows; the fuse is ignored where the platform lacks it).
 * - `onlyLoadAppFromAsar` ON: the app loads only from app.asar, never from a planted `app/` folder.
 * - `loadBrowserProcessSpecificV8Snapshot` OFF: one V8 snapshot, Electron's default.
 * - `grantFileProtocolExtraPrivileges` ON: the renderer is the built index.html loaded over `file:`
 *   with module scripts, which need the privileges; it goes OFF when the renderer moves to a custom
 *   protocol (the checklist's "prefer custom protocols", not done yet).
 */
export const ELECTRON_FUSES = {
  runAsNode: true,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: true,
} as const;
