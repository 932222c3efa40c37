/**
 * Install links pasted into "Add from link" or opened as a deep link (issue 13, docs/inspecting.md): our own
 * `mcp-switchboard://install?name=…&config=…`, Cursor's (`cursor://anysphere.cursor-deeplink/mcp/
 * install?name=…&config=<base64 JSON>` and its `https://cursor.com/install-mcp?…` web form) and VS
 * Code's (`vscode:mcp/install?<URL-encoded JSON with name>`, `vscode-insiders:`, and the
 * `https://insiders.vscode.dev/redirect?url=…` / `…/redirect/mcp/install?name=…&config=…` forms).
 * Pure and never throws: a link is either an install request (name + config, checked by the
 * writer's rules) or `invalid` with a reason a person can read. Nothing here acts on a link.
 */
import { installFromParts, MAX_DEEP_LINK_LENGTH, parseDeepLink } from './deep-link.js';

/** Where an install link came from. */
export type InstallOrigin = 'switchboard' | 'cursor' | 'vscode';

/** A parsed install link. */
export type InstallLink =
  | {
      kind: 'install';
      origin: InstallOrigin;
      /** Server name (write-side rule applied; a foreign name with other characters is adapted, see `renamedFrom`). */
      name: string;
      /** The server's config object as given (structurally valid, not yet trusted). */
      config: Record<string, unknown>;
      /** The name the link gave, when it had to be adapted to the name rule. */
      renamedFrom?: string;
    }
  | { kind: 'invalid'; reason: string };

const EXPECTED = 'expected mcp-switchboard://install?…, cursor://anysphere.cursor-deeplink/mcp/install?… or vscode:mcp/install?…';

/**
 * Parse an install link of any supported form (see the file header). Links longer than
 * `MAX_DEEP_LINK_LENGTH`, other schemes (`javascript:`, `file:`…), a missing or malformed name or
 * config, a config the writer would refuse (e.g. a non-http(s) `url`) → `invalid`.
 */
export function parseInstallLink(text: string): InstallLink {
  return parse(typeof text === 'string' ? text.trim() : '', 0);
}

function parse(link: string, depth: number): InstallLink {
  if (link === '') return invalid('empty link');
  if (link.length > MAX_DEEP_LINK_LENGTH) return invalid(`link is longer than ${MAX_DEEP_LINK_LENGTH} characters`);
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(link)?.[1]?.toLowerCase();
  if (!scheme) return invalid(`not a link (${EXPECTED})`);
  if (scheme === 'mcp-switchboard') {
    const parsed = parseDeepLink(link);
    if (parsed.kind === 'install') return { kind: 'install', origin: 'switchboard', name: parsed.name, config: parsed.config };
    return invalid(parsed.kind === 'invalid' ? parsed.reason : `not an install link (${EXPECTED})`);
  }
  if (scheme === 'vscode' || scheme === 'vscode-insiders') return vscodeLink(link);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return invalid('not a URL');
  }
  const route = [url.hostname, ...url.pathname.split('/')].filter((p) => p !== '').join('/').toLowerCase();
  if (scheme === 'cursor') {
    if (route !== 'anysphere.cursor-deeplink/mcp/install') return invalid(`not a Cursor install link (${EXPECTED})`);
    return foreign('cursor', url.searchParams.get('name'), url.searchParams.get('config'));
  }
  if (scheme === 'https') {
    const host = url.hostname.toLowerCase();
    if ((host === 'cursor.com' || host === 'www.cursor.com') && /^(?:[a-z-]+\/)?install-mcp$/.test(route.slice(host.length + 1))) {
      return foreign('cursor', url.searchParams.get('name'), url.searchParams.get('config'));
    }
    if (host === 'vscode.dev' || host === 'insiders.vscode.dev') {
      const path = route.slice(host.length + 1);
      if (path === 'redirect/mcp/install') return foreign('vscode', url.searchParams.get('name'), url.searchParams.get('config'));
      const inner = url.searchParams.get('url');
      if (path === 'redirect' && inner && depth === 0 && /^vscode(-insiders)?:/i.test(inner)) return parse(inner, depth + 1);
    }
    return invalid(`not an install link (${EXPECTED})`);
  }
  return invalid(`links of scheme "${scheme}:" are not install links (${EXPECTED})`);
}

/** `vscode:mcp/install?<URL-encoded JSON>`: the JSON holds `name` beside the config fields. */
function vscodeLink(link: string): InstallLink {
  const q = link.indexOf('?');
  const route = link.slice(link.indexOf(':') + 1, q === -1 ? undefined : q).replace(/^\/+/, '').replace(/\/+$/, '').toLowerCase();
  if (route !== 'mcp/install') return invalid(`not a VS Code install link (${EXPECTED})`);
  if (q === -1) return invalid('VS Code install link without a configuration');
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(link.slice(q + 1)));
  } catch {
    return invalid('VS Code install link: the configuration is not URL-encoded JSON');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return invalid('VS Code install link: the configuration must be a JSON object');
  const { name, ...config } = json as Record<string, unknown>;
  if (typeof name !== 'string') return invalid('VS Code install link without a "name"');
  return foreign('vscode', name, JSON.stringify(config));
}

/**
 * Cursor and VS Code allow names our write-side rule does not (`GitHub Copilot`): runs of other
 * characters become `-`, and the preview says so. Our own links keep the strict rule.
 */
function foreign(origin: InstallOrigin, name: string | null, config: string | null): InstallLink {
  let safe = name;
  if (name !== null && !/^[a-zA-Z0-9_.-]+$/.test(name)) safe = name.replace(/[^a-zA-Z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '');
  const parsed = installFromParts(safe, config);
  if (parsed.kind !== 'install') return invalid(parsed.kind === 'invalid' ? parsed.reason : 'not an install link');
  return { kind: 'install', origin, name: parsed.name, config: parsed.config, ...(safe !== name && name !== null ? { renamedFrom: name } : {}) };
}

function invalid(reason: string): InstallLink {
  return { kind: 'invalid', reason };
}
