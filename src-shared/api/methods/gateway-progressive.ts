/** `gateway:setProgressive`: progressive discovery per host (issue 31 item 4, docs/gateway.md § Progressive discovery). */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';

export const gatewayProgressiveMethods = {
  /**
   * Switch progressive discovery on or off for `host` (kept in Switchboard's state.json, off by
   * default): when on, the host's aggregated door offers `search_tools`, `describe_tool` and
   * `call_tool` instead of its full list (single-server doors are unchanged). `unchanged`: it
   * already was. The doors are told (`tools:changed`), so a connected host gets `list_changed`.
   */
  'gateway:setProgressive': {
    input: z.object({ host: HostIdSchema, on: z.boolean() }).strict(),
    output: z.object({ host: HostIdSchema, on: z.boolean(), unchanged: z.boolean() }),
  },
} as const;
