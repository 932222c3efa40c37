/**
 * Every `switchboard` command, in `--help` order. Each is loaded only when it runs (issue 11: a
 * one-shot verb pays for its own code, not every verb's; the build gives each verb its own chunk),
 * so the table names each command and its aliases without loading it; `loadCommandSpecs()` loads
 * all of them (full `--help`, a usage error that names which command takes a flag).
 * Add a command: one file, one line here.
 */
import type { CommandSpec } from '../command-spec.js';

/** A command known by name before its module is loaded. */
export interface CommandEntry {
  /** The command's name, then its aliases (as the spec declares them; a unit test checks). */
  names: readonly string[];
  load(): Promise<CommandSpec>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { names: ['status'], load: async () => (await import('./status.js')).statusCommand },
  { names: ['servers'], load: async () => (await import('./servers.js')).serversCommand },
  { names: ['tools'], load: async () => (await import('./tools.js')).toolsCommand },
  { names: ['call'], load: async () => (await import('./call.js')).callCommand },
  { names: ['history'], load: async () => (await import('./history.js')).historyCommand },
  { names: ['tasks'], load: async () => (await import('./tasks.js')).tasksCommand },
  { names: ['describe'], load: async () => (await import('./describe.js')).describeCommand },
  { names: ['resources'], load: async () => (await import('./resources.js')).resourcesCommand },
  { names: ['apps'], load: async () => (await import('./apps.js')).appsCommand },
  { names: ['skills'], load: async () => (await import('./skills.js')).skillsCommand },
  { names: ['prompts'], load: async () => (await import('./prompts.js')).promptsCommand },
  { names: ['start'], load: async () => (await import('./start.js')).startCommand },
  { names: ['stop'], load: async () => (await import('./stop.js')).stopCommand },
  { names: ['restart'], load: async () => (await import('./restart.js')).restartCommand },
  { names: ['reload'], load: async () => (await import('./reload.js')).reloadCommand },
  { names: ['test'], load: async () => (await import('./test.js')).testCommand },
  { names: ['logs'], load: async () => (await import('./logs.js')).logsCommand },
  { names: ['trace'], load: async () => (await import('./trace.js')).traceCommand },
  { names: ['otlp'], load: async () => (await import('./otlp.js')).otlpCommand },
  { names: ['channels'], load: async () => (await import('./channels.js')).channelsCommand },
  { names: ['triggers'], load: async () => (await import('./triggers.js')).triggersCommand },
  { names: ['events'], load: async () => (await import('./events.js')).eventsCommand },
  { names: ['check'], load: async () => (await import('./check.js')).checkCommand },
  { names: ['trust'], load: async () => (await import('./trust.js')).trustCommand },
  { names: ['pins'], load: async () => (await import('./pins.js')).pinsCommand },
  { names: ['budget'], load: async () => (await import('./budget.js')).budgetCommand },
  { names: ['add'], load: async () => (await import('./add.js')).addCommand },
  { names: ['remove', 'rm'], load: async () => (await import('./remove.js')).removeCommand },
  { names: ['edit'], load: async () => (await import('./edit.js')).editCommand },
  { names: ['enable'], load: async () => (await import('./enable-disable.js')).enableCommand },
  { names: ['disable'], load: async () => (await import('./enable-disable.js')).disableCommand },
  { names: ['import'], load: async () => (await import('./transfer.js')).importCommand },
  { names: ['export'], load: async () => (await import('./transfer.js')).exportCommand },
  { names: ['input'], load: async () => (await import('./input.js')).inputCommand },
  { names: ['install'], load: async () => (await import('./install.js')).installCommand },
  { names: ['reauth', 'login'], load: async () => (await import('./reauth.js')).reauthCommand },
  { names: ['unauth', 'logout'], load: async () => (await import('./unauth.js')).unauthCommand },
  { names: ['serve'], load: async () => (await import('./serve.js')).serveCommand },
  { names: ['gateway'], load: async () => (await import('./gateway.js')).gatewayCommand },
  { names: ['connect'], load: async () => (await import('./connect.js')).connectCommand },
  { names: ['disconnect'], load: async () => (await import('./connect.js')).disconnectCommand },
  { names: ['guard'], load: async () => (await import('./guard.js')).guardCommand },
  { names: ['open'], load: async () => (await import('./open.js')).openCommand },
  { names: ['search'], load: async () => (await import('./registry-browse.js')).searchCommand },
  { names: ['show'], load: async () => (await import('./registry-browse.js')).showCommand },
  { names: ['registry'], load: async () => (await import('./registry.js')).registryCommand },
];

/** The entry whose name or alias is `word`, or undefined. */
export function findCommandEntry(word: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.names.includes(word));
}

/** Load every command's spec, in `--help` order. */
export function loadCommandSpecs(): Promise<CommandSpec[]> {
  return Promise.all(COMMANDS.map((c) => c.load()));
}
