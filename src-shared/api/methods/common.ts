/** Schemas shared by the method declarations. */
import { z } from 'zod';

/** A method that takes no input. */
export const Empty = z.object({}).strict();
/** A server name as the wire carries it (names read from hosts may hold `/`; bounded length). */
export const ServerName = z.string().min(1).max(500);
