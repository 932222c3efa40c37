/**
 * Dispatch one inbound call to its handler: parse the input with the method's schema, run the
 * handler, and turn anything thrown into a result (ARCHITECTURE rules 3 and 4). Both wires use it.
 */
import { fail, type Result } from './envelope.js';
import { isMethodName, methods, type ApiHandlers } from './contract.js';

/**
 * Validate and run `method` with `rawInput`. Never throws: an unknown method or bad input gives
 * `BAD_REQUEST`; a handler that throws gives `INTERNAL` with the error's message.
 */
export async function dispatch(handlers: ApiHandlers, method: unknown, rawInput: unknown): Promise<Result<unknown>> {
  if (!isMethodName(method)) return fail('BAD_REQUEST', `Unknown method: ${String(method)}`);
  const parsed = methods[method].input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ');
    return fail('BAD_REQUEST', `Invalid input for ${method}: ${issues}`);
  }
  try {
    const handler = handlers[method] as (input: unknown) => Promise<Result<unknown>>;
    return await handler(parsed.data);
  } catch (err) {
    return fail('INTERNAL', err instanceof Error ? err.message : String(err));
  }
}
