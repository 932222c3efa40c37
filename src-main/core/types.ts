/**
 * The core facade every face composes (desktop app, web host, CLI): discovery + trust + manager,
 * exposed as the contract's handlers and events. No electron import (ARCHITECTURE rule 1).
 */
import type { ApiHandlers, EmitEvent } from '../../src-shared/api/contract.js';
import type { PlatformContext } from './paths.js';

/** How to launch the bundled reference server (server-everything) without npx. */
export interface ReferenceServerLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Options of `createSwitchboardCore`. */
export interface CoreOptions {
  platform: PlatformContext;
  /** Absolute project folder (cwd or `--project`). */
  projectDir: string;
  /** Data folder (`dataDir()` unless a test overrides it). */
  dataDir: string;
  mode: 'electron' | 'web' | 'cli';
  version: string;
  /** Launch of the bundled server-everything (Electron: execPath + ELECTRON_RUN_AS_NODE=1). */
  referenceServer: ReferenceServerLaunch;
}

/** The running core. */
export interface SwitchboardCore {
  /** The contract's method implementations; bound to a wire with `dispatch`. */
  readonly handlers: ApiHandlers;
  /** Subscribe to every event; returns an unsubscribe function. */
  subscribe(listener: EmitEvent): () => void;
  /** Discover, then connect every trusted, enabled server (in parallel). Resolves when started. */
  start(): Promise<void>;
  /** Resolves when no server is still connecting (one-shot CLI commands wait for it). */
  settled(): Promise<void>;
  /** Stop every server; leaves no process behind. */
  dispose(): Promise<void>;
}
