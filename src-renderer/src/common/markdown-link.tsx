/**
 * A link in server-provided markdown, rendered by what lib/markdown-links.ts decides: a web link
 * opens outside (new tab, no referrer, as before); a relative link in a resource opens the linked
 * resource in the Resources view, through the opener the view provides (`ResourceOpener`); anything
 * else — and a resource link where no view can open it (markdown in a tool result) — is inert
 * text with the reason as its title (issue 32 item 2: such links opened a "Not Found" page).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { markdownLink } from '../lib/markdown-links.js';

/** Opens a resource URI of the current server in the Resources view; absent outside that view. */
export const ResourceOpener = createContext<((uri: string) => void) | undefined>(undefined);

/** The `a` of SafeMarkdown. `baseUri`: the URI of the resource the markdown came from, if any. */
export function MarkdownAnchor({ href, baseUri, children }: { href?: string; baseUri?: string; children?: ReactNode }) {
  const open = useContext(ResourceOpener);
  const link = markdownLink(href, baseUri);
  if (link.kind === 'web') {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  }
  if (link.kind === 'resource' && open) {
    const uri = link.uri;
    return (
      <a
        href={uri}
        title={`Open ${uri}`}
        onClick={(e) => {
          e.preventDefault();
          open(uri);
        }}
      >
        {children}
      </a>
    );
  }
  const reason = link.kind === 'resource' ? `Links to ${link.uri}; open it from the server's Resources tab.` : link.reason;
  return (
    <span className="markdown-link-inert" title={reason}>
      {children}
    </span>
  );
}
