/**
 * The MCP Apps extension as Switchboard announces it (MCP Apps 2026-01-26, *Capability Negotiation*;
 * docs/mcp-apps.md): `capabilities.extensions["io.modelcontextprotocol/ui"] = { mimeTypes: [...] }`,
 * in both protocol eras (the client's capabilities travel in `initialize` or in each 2026-07-28
 * request's meta). The id and MIME type are the SDK's own constants.
 */
import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { McpUiClientCapabilities } from '@modelcontextprotocol/ext-apps/app-bridge';

/** `io.modelcontextprotocol/ui`. */
export const APPS_EXTENSION_ID = EXTENSION_ID;

/** The app MIME type a host lists and reads: `text/html;profile=mcp-app`. */
export const APP_MIME_TYPE = RESOURCE_MIME_TYPE;

/** What the client announces under the extension: the one MIME type the spec defines. */
export const APPS_CLIENT_CAPABILITY = { mimeTypes: [APP_MIME_TYPE] } satisfies McpUiClientCapabilities;
