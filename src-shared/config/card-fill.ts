/**
 * A Server Card's prefill (src-shared/api/cards.ts) plus the values a person typed → the remote
 * server fields `config:add` takes (docs/registry.md § Server Cards). Shared so that the window's
 * Add dialog and `switchboard add --from` apply one rule: `{variable}` parts of the URL filled
 * (URI-encoded; an optional variable falls back to the card's default), each header the card lists
 * taken from the typed value or else the card's preset, required ones without a value reported as
 * missing, and the card's secret headers named in `secretKeys` so the core keeps them in the
 * keychain even when their names do not look secret. A secret URL variable cannot go to the
 * keychain (nothing resolves a reference in a URL): it is named in `urlSecrets` and masked in
 * `shownUrl`, and each face writes it only with the person's explicit yes (`allowLiteralSecrets`).
 * Headers the person adds beyond the card's are kept as typed. Pure.
 */
import type { CardPrefill } from '../api/cards.js';

/** What the person typed: URL variables and header values, by name (header names match case-insensitively). */
export interface CardValues {
  variables?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The fields for `config:add`, or what is still missing (`variable <name>` / `header <name>`). */
export type CardFill =
  | {
      ok: true;
      server: { transport: 'http' | 'sse'; url: string; headers?: Record<string, string>; description?: string };
      secretKeys: string[];
      /** The card's secret URL variables filled into `url`: a URL holds no keychain reference, so they are plain text there (each face asks for the explicit yes). */
      urlSecrets: string[];
      /** `url` with those values masked (`••••••••`), for showing. */
      shownUrl: string;
    }
  | { ok: false; missing: string[] };

export function fillFromCard(prefill: CardPrefill, values: CardValues): CardFill {
  const missing: string[] = [];
  const vars = values.variables ?? {};
  const urlSecrets: string[] = [];
  const fill = (mask: boolean): string =>
    prefill.url.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (whole, name: string) => {
      const spec = prefill.variables.find((x) => x.name === name);
      const v = vars[name] ?? spec?.value;
      if (v === undefined || v === '') {
        if (!mask) missing.push(`variable ${name}`);
        return whole;
      }
      if (spec?.secret === true && !mask && !urlSecrets.includes(name)) urlSecrets.push(name);
      return mask && spec?.secret === true ? '••••••••' : encodeURIComponent(v);
    });
  const url = fill(false);
  const typed = Object.entries(values.headers ?? {});
  const headers: Record<string, string> = {};
  const secretKeys: string[] = [];
  for (const h of prefill.headers) {
    const v = typed.find(([k]) => k.toLowerCase() === h.name.toLowerCase())?.[1] ?? h.value;
    if (v === undefined || v === '') {
      if (h.required) missing.push(`header ${h.name}`);
      continue;
    }
    headers[h.name] = v;
    if (h.secret) secretKeys.push(h.name);
  }
  for (const [k, v] of typed) if (!prefill.headers.some((h) => h.name.toLowerCase() === k.toLowerCase()) && v !== '') headers[k] = v;
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    server: { transport: prefill.transport, url, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...(prefill.description !== undefined ? { description: prefill.description } : {}) },
    secretKeys,
    urlSecrets,
    shownUrl: fill(true),
  };
}
