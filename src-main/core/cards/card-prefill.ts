/**
 * A Server Card as the remote definition it prefills (docs/registry.md § Server Cards): the first
 * `streamable-http` remote (else the first `sse`), its URL as the card gives it, every header and
 * URL variable the card declares with its secret and required flags. A secret never gets a value
 * from the card (cards must not carry credentials); a non-secret preset or default is offered,
 * and must be literal (`cardPresetProblems`). Pure; the card is untrusted text and stays text.
 */
import type { CardInput, CardPrefill, CardSummary } from '../../../src-shared/api/cards.js';
import { MAX_SERVER_NAME_LENGTH, validateServerName } from '../../../src-shared/config/validate.js';
import type { ServerCard, ServerCardInput } from './card-schema.js';
import { checkOutsideDefinition, type ResolverEnv } from '../install/outside-definition.js';

/** The card's fields as shown. */
export function cardSummary(card: ServerCard): CardSummary {
  return {
    name: card.name,
    version: card.version,
    description: card.description,
    ...(card.title !== undefined ? { title: card.title } : {}),
    ...(card.websiteUrl !== undefined ? { websiteUrl: card.websiteUrl } : {}),
    ...(card.repository !== undefined ? { repository: card.repository.url } : {}),
    remotes: (card.remotes ?? []).map((r) => ({ type: r.type, url: r.url, ...(r.supportedProtocolVersions ? { supportedProtocolVersions: r.supportedProtocolVersions } : {}) })),
  };
}

/** A local name from the card's reverse-DNS `name`: its part after `/`, other characters as `-`, cut to the name rule's length. */
export function localName(cardName: string): string {
  const tail = cardName.slice(cardName.indexOf('/') + 1).replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, MAX_SERVER_NAME_LENGTH);
  return validateServerName(tail) === undefined ? tail : 'server';
}

function input(name: string, i: ServerCardInput): CardInput {
  const secret = i.isSecret === true;
  const preset = secret ? undefined : (i.value ?? i.default);
  return {
    name,
    secret,
    required: i.isRequired === true,
    ...(i.description !== undefined ? { description: i.description } : {}),
    ...(preset !== undefined ? { value: preset } : {}),
    ...(i.choices !== undefined ? { choices: i.choices } : {}),
  };
}

/** The prefill, or undefined when the card lists no remote. */
export function cardPrefill(card: ServerCard): CardPrefill | undefined {
  const remotes = card.remotes ?? [];
  const remote = remotes.find((r) => r.type === 'streamable-http') ?? remotes[0];
  if (remote === undefined) return undefined;
  return {
    name: localName(card.name),
    transport: remote.type === 'sse' ? 'sse' : 'http',
    url: remote.url,
    headers: (remote.headers ?? []).map((h) => input(h.name, h)),
    variables: Object.entries(remote.variables ?? {}).map(([k, v]) => input(k, v)),
    description: card.description,
  };
}


/**
 * The card's header presets that would not be read literally where the definition is written
 * (install/outside-definition.ts `checkOutsideDefinition`: `!command`, an environment variable
 * name, a `${…}` placeholder), one sentence each; `[]` when all are literal. URL variables are
 * URI-encoded into the URL, where nothing resolves them. `env`: the resolver's environment.
 */
export function cardPresetProblems(prefill: CardPrefill, env: ResolverEnv): string[] {
  const headers = Object.fromEntries(prefill.headers.filter((h) => h.value !== undefined).map((h) => [h.name, h.value]));
  return checkOutsideDefinition({ headers }, env).map((p) => p.message);
}
