import { describe, expect, it } from 'vitest';
import {
  aggregateStatus,
  CALL_STATUSES,
  peerStateOf,
  STATUS_WORDS,
  statusTone,
} from './call-status';

describe('peerStateOf', () => {
  it('reads the connection state', () => {
    expect(peerStateOf({ connectionState: 'connected', iceConnectionState: 'checking' })).toBe(
      'connected',
    );
    expect(peerStateOf({ connectionState: 'closed', iceConnectionState: 'closed' })).toBe(
      'disconnected',
    );
  });

  it('falls back to the ICE state where the connection state is missing', () => {
    expect(peerStateOf({ iceConnectionState: 'checking' })).toBe('connecting');
    expect(peerStateOf({ iceConnectionState: 'completed' })).toBe('connected');
    expect(peerStateOf({ iceConnectionState: 'failed' })).toBe('failed');
  });
});

describe('aggregateStatus', () => {
  it('is new while alone in the room', () => {
    expect(aggregateStatus([])).toBe('new');
  });

  it('is connecting while any peer is still setting up', () => {
    expect(aggregateStatus(['connected', 'new'])).toBe('connecting');
    expect(aggregateStatus(['failed', 'connecting'])).toBe('connecting');
  });

  it('is connected only when every peer is', () => {
    expect(aggregateStatus(['connected'])).toBe('connected');
    expect(aggregateStatus(['connected', 'connected'])).toBe('connected');
  });

  it('reports a dropped peer before a failed one', () => {
    expect(aggregateStatus(['connected', 'disconnected', 'failed'])).toBe('disconnected');
    expect(aggregateStatus(['connected', 'failed'])).toBe('failed');
  });
});

describe('statusTone and STATUS_WORDS (issue 21)', () => {
  it('colours a good connection green and trouble amber or red, nothing else', () => {
    expect(statusTone('connected')).toBe('green');
    expect(statusTone('disconnected')).toBe('amber');
    expect(statusTone('failed')).toBe('red');
    for (const s of ['new', 'connecting'] as const) expect(statusTone(s)).toBe('neutral');
  });

  it('says each state in words, never the raw state', () => {
    expect(STATUS_WORDS.new).toBe('Waiting');
    for (const s of CALL_STATUSES) expect(STATUS_WORDS[s]).not.toBe(s);
  });
});
