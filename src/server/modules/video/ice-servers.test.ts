import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../config.js';
import { iceServersFor } from './ice-servers.js';

// ICE servers from configuration (ADR 0008): STUN as one entry, TURN with TURN REST
// credentials (coturn's use-auth-secret), nothing configured → [].

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const SECRET = 'a-shared-turn-secret-of-some-length';

describe('iceServersFor', () => {
  it('gives [] when nothing is configured', () => {
    expect(iceServersFor(testConfig(), 'user-1', NOW)).toEqual([]);
  });

  it('lists the STUN URLs as one entry without credentials', () => {
    const config = testConfig({ ICE_STUN_URLS: ['stun:stun1.test:3478', 'stun:stun2.test'] });
    expect(iceServersFor(config, 'user-1', NOW)).toEqual([
      { urls: ['stun:stun1.test:3478', 'stun:stun2.test'] },
    ]);
  });

  it('gives TURN short-lived REST credentials: expiry:userId, base64 HMAC-SHA1 of it', () => {
    const config = testConfig({
      ICE_STUN_URLS: ['stun:stun.test'],
      ICE_TURN_URLS: ['turn:turn.test:3478?transport=udp', 'turns:turn.test:5349'],
      ICE_TURN_SECRET: SECRET,
      ICE_TURN_TTL_SECONDS: 600,
    });
    const servers = iceServersFor(config, 'user-1', NOW);
    expect(servers).toHaveLength(2);
    const turn = servers[1]!;
    const expiry = NOW / 1000 + 600;
    expect(turn.urls).toEqual(['turn:turn.test:3478?transport=udp', 'turns:turn.test:5349']);
    expect(turn.username).toBe(`${expiry}:user-1`);
    expect(turn.credential).toBe(
      createHmac('sha1', SECRET).update(`${expiry}:user-1`).digest('base64'),
    );
    // Another user, another credential.
    expect(iceServersFor(config, 'user-2', NOW)[1]!.credential).not.toBe(turn.credential);
  });

  it('defaults the TURN credential lifetime to an hour', () => {
    const config = testConfig({ ICE_TURN_URLS: ['turn:turn.test'], ICE_TURN_SECRET: SECRET });
    expect(iceServersFor(config, 'u', NOW)[0]!.username).toBe(`${NOW / 1000 + 3600}:u`);
  });
});

describe('ICE configuration', () => {
  const base = { NODE_ENV: 'test' } as const;

  it('reads comma lists, trimming blanks; empty by default', () => {
    expect(loadConfig(base).ICE_STUN_URLS).toEqual([]);
    expect(loadConfig(base).ICE_TURN_URLS).toEqual([]);
    expect(loadConfig(base).ICE_TURN_TTL_SECONDS).toBe(3600);
    const config = loadConfig({
      ...base,
      ICE_STUN_URLS: 'stun:a.test:3478, stuns:b.test ,',
      ICE_TURN_URLS: 'turn:c.test',
      ICE_TURN_SECRET: SECRET,
      ICE_TURN_TTL_SECONDS: '900',
    });
    expect(config.ICE_STUN_URLS).toEqual(['stun:a.test:3478', 'stuns:b.test']);
    expect(config.ICE_TURN_URLS).toEqual(['turn:c.test']);
    expect(config.ICE_TURN_TTL_SECONDS).toBe(900);
  });

  it('refuses URLs of the wrong scheme and TURN without its secret', () => {
    expect(() => loadConfig({ ...base, ICE_STUN_URLS: 'https://stun.test' })).toThrow(
      /ICE_STUN_URLS: must be stun: or stuns: URLs/,
    );
    expect(() => loadConfig({ ...base, ICE_TURN_URLS: 'stun:x.test' })).toThrow(
      /ICE_TURN_URLS: must be turn: or turns: URLs/,
    );
    expect(() => loadConfig({ ...base, ICE_TURN_URLS: 'turn:x.test' })).toThrow(
      /ICE_TURN_SECRET: is required with ICE_TURN_URLS/,
    );
  });
});
