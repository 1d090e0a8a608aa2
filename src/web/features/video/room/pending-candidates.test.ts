import { describe, expect, it } from 'vitest';
import { MAX_PENDING_CANDIDATES, OrphanCandidates, PendingCandidates } from './pending-candidates';

const c = (n: number) => ({ candidate: `candidate:${n}`, sdpMid: '0', sdpMLineIndex: 0 });

describe('PendingCandidates', () => {
  it('gives back the waiting candidates in arrival order, once', () => {
    const queue = new PendingCandidates();
    queue.push(c(1));
    queue.push(c(2));
    expect(queue.drain()).toEqual([c(1), c(2)]);
    expect(queue.drain()).toEqual([]);
    expect(queue.size).toBe(0);
  });

  it('keeps only the newest candidates past the bound', () => {
    const queue = new PendingCandidates();
    for (let i = 0; i < MAX_PENDING_CANDIDATES + 5; i++) queue.push(c(i));
    const drained = queue.drain();
    expect(drained).toHaveLength(MAX_PENDING_CANDIDATES);
    expect(drained[0]).toEqual(c(5));
  });
});

describe('OrphanCandidates', () => {
  it('holds candidates per unknown peer until it appears', () => {
    const orphans = new OrphanCandidates();
    orphans.push('a', c(1));
    orphans.push('b', c(2));
    orphans.push('a', c(3));
    expect(orphans.take('a')).toEqual([c(1), c(3)]);
    expect(orphans.take('a')).toEqual([]);
    expect(orphans.take('b')).toEqual([c(2)]);
  });

  it('forgets the oldest peer when too many are waiting', () => {
    const orphans = new OrphanCandidates(2);
    orphans.push('a', c(1));
    orphans.push('b', c(2));
    orphans.push('c', c(3));
    expect(orphans.take('a')).toEqual([]);
    expect(orphans.take('c')).toEqual([c(3)]);
  });
});
