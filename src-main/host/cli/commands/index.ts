/** Every `switchboard` command, in `--help` order. Add a command: one file, one line here. */
import type { CommandSpec } from '../command-spec.js';
import { addCommand } from './add.js';
import { callCommand } from './call.js';
import { editCommand } from './edit.js';
import { disableCommand, enableCommand } from './enable-disable.js';
import { removeCommand } from './remove.js';
import { exportCommand, importCommand } from './transfer.js';
import { inputCommand } from './input.js';
import { logsCommand } from './logs.js';
import { channelsCommand } from './channels.js';
import { triggersCommand } from './triggers.js';
import { reloadCommand } from './reload.js';
import { restartCommand } from './restart.js';
import { startCommand } from './start.js';
import { stopCommand } from './stop.js';
import { testCommand } from './test.js';
import { describeCommand } from './describe.js';
import { promptsCommand } from './prompts.js';
import { resourcesCommand } from './resources.js';
import { serveCommand } from './serve.js';
import { serversCommand } from './servers.js';
import { statusCommand } from './status.js';
import { toolsCommand } from './tools.js';
import { trustCommand } from './trust.js';
import { reauthCommand } from './reauth.js';
import { unauthCommand } from './unauth.js';

export const COMMAND_SPECS: readonly CommandSpec[] = [
  statusCommand,
  serversCommand,
  toolsCommand,
  callCommand,
  describeCommand,
  resourcesCommand,
  promptsCommand,
  startCommand,
  stopCommand,
  restartCommand,
  reloadCommand,
  testCommand,
  logsCommand,
  channelsCommand,
  triggersCommand,
  trustCommand,
  addCommand,
  removeCommand,
  editCommand,
  enableCommand,
  disableCommand,
  importCommand,
  exportCommand,
  inputCommand,
  reauthCommand,
  unauthCommand,
  serveCommand,
];
