import { describe, expect, it } from 'vitest';
import { SessionTable } from '../../src/mcp/http/session-table.js';

const LIMITS = { perClient: 2, total: 3, idleMs: 600_000, handshakeMs: 60_000 };

function table(): { sessions: SessionTable<string>; advance(ms: number): void } {
  let now = 0;
  return {
    sessions: new SessionTable<string>(LIMITS, () => now),
    advance: (ms) => {
      now += ms;
    },
  };
}

describe('MCP sessions over HTTP', () => {
  it("make room for a client's new session by ending its own least recently used one", () => {
    const { sessions, advance } = table();
    sessions.add('a1', 'A', 'a1');
    advance(1);
    sessions.add('a2', 'A', 'a2');
    advance(1);
    sessions.touch('a1');
    expect(sessions.makeRoomFor('A')).toEqual(['a2']);
    expect(sessions.makeRoomFor('B')).toEqual([]);
  });

  it('past the total, end a handshake never completed before a session in use', () => {
    const { sessions, advance } = table();
    sessions.add('used', 'A', 'used');
    advance(1);
    sessions.add('half-open', 'B', 'half-open');
    sessions.add('other', 'C', 'other');
    advance(1);
    sessions.touch('used');
    sessions.touch('other');
    expect(sessions.halfOpen).toBe(1);
    expect(sessions.makeRoomFor('D')).toEqual(['half-open']);
    expect(sessions.size).toBe(2);
  });

  it('expire a half-open handshake after a minute and an idle session after ten', () => {
    const { sessions, advance } = table();
    sessions.add('half-open', 'A', 'half-open');
    sessions.add('used', 'A', 'used');
    sessions.touch('used');
    advance(60_001);
    expect(sessions.expired()).toEqual(['half-open']);
    advance(500_000);
    expect(sessions.expired()).toEqual([]);
    sessions.touch('used');
    advance(600_001);
    expect(sessions.expired()).toEqual(['used']);
    expect(sessions.touch('used')).toBeUndefined();
  });
});
