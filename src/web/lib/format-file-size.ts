// File sizes as staff-and-video.md §9 shows them: Bytes, KB, MB or GB (1 KB = 1024 bytes).

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** "0 Bytes", "512 Bytes", "1.5 KB", "12.3 MB", "2.05 GB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  if (unit === 0) return `${Math.round(bytes)} Bytes`;
  const value = bytes / 1024 ** unit;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[unit]}`;
}
