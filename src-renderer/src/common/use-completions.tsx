/**
 * `completion/complete` suggestions for one argument while the person types (issue 5 §5):
 * debounced 150 ms, latest answer wins, nothing when the server has no completions.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../store/use-store.js';

type Ref = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** Suggested values for `argument` given what is typed (`value`) and the other arguments (`context`). */
export function useCompletions(server: string, ref: Ref, argument: string, value: string, context: Record<string, string>): string[] {
  const { api } = useApp();
  const [values, setValues] = useState<string[]>([]);
  const refKey = JSON.stringify(ref);
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const others = Object.fromEntries(Object.entries(JSON.parse(contextKey) as Record<string, string>).filter(([k, v]) => k !== argument && v !== ''));
      void api.call('completion:complete', { server, ref: JSON.parse(refKey) as Ref, argument: { name: argument, value }, context: others }).then((r) => {
        if (live) setValues(r.ok ? r.data.values.slice(0, 100) : []);
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, server, refKey, argument, value, contextKey]);
  return values;
}
