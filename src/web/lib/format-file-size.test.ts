import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('shows Bytes, KB, MB and GB (§9)', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(12.345 * 1024 * 1024)).toBe('12.35 MB');
    expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2.5 GB');
  });

  it('stays in GB past a terabyte and survives nonsense', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048 GB');
    expect(formatFileSize(-1)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});
