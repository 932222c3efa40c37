/**
 * Where and under which policy the app runs (issue 33 item 6, docs/mcp-apps.md § Sandbox): the
 * sandbox origin and port, the CSP in force as the core built it (the sandbox adds
 * `frame-ancestors <this page's origin>`), the declared domains it dropped, and the permissions asked
 * and granted (the frame's `allow`). In the desktop window (the preload's `window.switchboard`), an
 * app that declares `frameDomains` is told they do not load there (a stricter frame policy).
 */
import { Code, Stack, Text } from '@mantine/core';
import type { AppFacts } from './app-session.js';

export function AppFactsView({ facts }: { facts: AppFacts }) {
  const port = new URL(facts.origin).port;
  return (
    <Stack gap={2} aria-label="App sandbox" role="group">
      <Text size="xs">
        Sandbox: <span className="mono">{facts.origin}</span> (port <span data-testid="sandbox-port">{port}</span>)
      </Text>
      <Text size="xs">CSP in force (plus frame-ancestors {window.location.origin}):</Text>
      <Code block aria-label="CSP in force">
        {facts.cspPolicy.policy}
      </Code>
      {window.switchboard && /frame-src (?!'none')/.test(facts.cspPolicy.policy) ? (
        <Text size="xs" c="orange">
          frameDomains are not loaded in the desktop window: it lets a frame load only the sandbox page (docs/mcp-apps.md § Sandbox). The web page (switchboard serve) loads them.
        </Text>
      ) : null}
      {facts.cspPolicy.dropped.map((d, i) => (
        <Text size="xs" c="orange" key={i}>
          dropped {d.field} {JSON.stringify(d.value)}: {d.reason}
        </Text>
      ))}
      <Text size="xs">
        Permissions: {facts.asked.length === 0 ? 'none asked' : `asked ${facts.asked.join(', ')}; frame allow "${facts.allow}"${facts.allow ? '' : ' (not allowed)'}`}
      </Text>
    </Stack>
  );
}
