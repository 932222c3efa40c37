/** `config:*` methods and events: per-host views and the verbs that change host files (docs/config-discovery.md, §5, §9; issue #3). */
import { z } from 'zod';
import {
  AddServerInputSchema,
  HostViewSchema,
  ServerPatchSchema,
  ServerRefSchema,
  WriteOutcomeSchema,
  WriteTargetSchema,
} from '../config.js';
import { Empty } from './common.js';

export const configMethods = {
  /** Every host's own view: its files and what it loads by its own rules. */
  'config:hosts': { input: Empty, output: z.array(HostViewSchema) },
  /** Add a server to a host's file (default Switchboard's own); a token goes to the keychain. */
  'config:add': { input: AddServerInputSchema, output: WriteOutcomeSchema },
  /**
   * Edit fields of a server in the file it lives in (only the changed keys are written; `env` and
   * `headers` merge key by key, `null` removes a key or a field). The outcome lists the fields
   * `written` and `notWritten`; INVALID_CONFIG `Nothing written to <file>: …` when none could be.
   */
  'config:update': { input: ServerRefSchema.extend({ patch: ServerPatchSchema, allowLiteralSecrets: z.boolean().optional() }).strict(), output: WriteOutcomeSchema },
  /**
   * Remove a server from the file it lives in (without `file`: only the winning definition; a
   * second copy of the name is never removed without its `file`). `nowActive` names the
   * definition that takes over.
   */
  'config:remove': { input: ServerRefSchema, output: WriteOutcomeSchema },
  /** Enable or disable: in the file where the host has a flag, else in Switchboard only (says so). */
  'config:setEnabled': { input: ServerRefSchema.extend({ enabled: z.boolean() }).strict(), output: WriteOutcomeSchema },
  /**
   * Copy a server into another host's file, translated; notes say what could not be carried, and
   * `nowShadows` which definition the copy now wins over. A definition from an untrusted project
   * folder fails with UNTRUSTED unless `trustSource` (the person vouches for it). Keychain
   * secrets the source references (`${secret:}`, `${input:}`) and is bound to are bound to the
   * copy only with `rebindSecrets: true` (the person confirmed; default false: the copy is written,
   * its references stay unbound and a note says so — issue 26 item 1).
   */
  'config:transfer': {
    input: ServerRefSchema.extend({
      to: WriteTargetSchema,
      allowLiteralSecrets: z.boolean().optional(),
      rename: z.string().optional(),
      trustSource: z.boolean().optional(),
      rebindSecrets: z.boolean().optional(),
    }).strict(),
    output: WriteOutcomeSchema,
  },
  /** Answer a VS Code `${input:<id>}` prompt once; kept in the keychain. */
  'config:answerInput': { input: z.object({ id: z.string().min(1), value: z.string() }).strict(), output: z.object({ stored: z.literal(true), where: z.string().optional() }) },
} as const;

export const configEvents = {
  /** A watched config file changed and the running set was diff-and-applied. */
  'config:reloaded': z.object({ files: z.array(z.string()) }),
} as const;
