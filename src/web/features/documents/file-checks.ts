import { JPEG, MB, PDF, PNG } from '../../../shared/documents';

// The browser's first look at a chosen file. The server decides by the file's content
// (ruling 7); these checks only spare the patient an upload that would be refused.

const EXTENSION_TYPES: Record<string, string> = {
  pdf: PDF,
  jpg: JPEG,
  jpeg: JPEG,
  png: PNG,
};
export const TYPE_LABELS: Record<string, string> = { [PDF]: 'PDF', [JPEG]: 'JPEG', [PNG]: 'PNG' };
const TYPE_EXTENSIONS: Record<string, string[]> = {
  [PDF]: ['.pdf'],
  [JPEG]: ['.jpg', '.jpeg'],
  [PNG]: ['.png'],
};

/** The file's MIME type as the browser reports it, or from its extension. */
export function fileMimeType(file: File): string {
  if (file.type) return file.type === 'image/jpg' ? JPEG : file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

export const isAcceptedType = (file: File, accepted: readonly string[]) =>
  accepted.includes(fileMimeType(file));

/** "PDF, JPEG, PNG" */
export const typeList = (accepted: readonly string[]) =>
  accepted.map((t) => TYPE_LABELS[t] ?? t).join(', ');

/** The file input's `accept`: extensions and MIME types. */
export const acceptAttribute = (accepted: readonly string[]) =>
  [...accepted.flatMap((t) => TYPE_EXTENSIONS[t] ?? []), ...accepted].join(',');

export const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
