/**
 * One-time tickets for opening the web UI (issue 26 item 4; docs/security.md "Opening the web UI"):
 * `switchboard open` used to hand the browser `?token=<session token>` on its command line, which
 * other local users read in /proc/<pid>/cmdline. It now asks the host for a ticket (with the token,
 * in a header) and opens `?ticket=<ticket>`; the page trades the ticket for the token once
 * (`POST /session/redeem`). A ticket is random (24 bytes), works once, and expires after `ttlMs`
 * (default 60 s), so what a command line shows is worthless by the time anyone reads it.
 */
import { randomBytes } from 'node:crypto';

/** How long a ticket can be redeemed (ms). */
export const TICKET_TTL_MS = 60_000;
/** Most unredeemed tickets kept; past it the oldest is dropped. */
const MAX_LIVE = 100;

/** Tickets issued and not yet redeemed or expired. */
export class SessionTickets {
  /** ticket → expiry (epoch ms), oldest first. */
  private readonly live = new Map<string, number>();

  constructor(
    private readonly ttlMs = TICKET_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fresh ticket (base64url, 32 characters), redeemable once within `ttlMs`. */
  issue(): string {
    this.prune();
    const ticket = randomBytes(24).toString('base64url');
    this.live.set(ticket, this.now() + this.ttlMs);
    while (this.live.size > MAX_LIVE) this.live.delete(this.live.keys().next().value!);
    return ticket;
  }

  /** Whether `ticket` is live; a live one is used up by this call. Never throws. */
  redeem(ticket: string | undefined): boolean {
    this.prune();
    if (typeof ticket !== 'string' || !this.live.has(ticket)) return false;
    this.live.delete(ticket);
    return true;
  }

  private prune(): void {
    const now = this.now();
    for (const [ticket, expiry] of this.live) if (expiry <= now) this.live.delete(ticket);
  }
}
