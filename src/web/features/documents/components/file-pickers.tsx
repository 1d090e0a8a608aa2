import { Camera, FolderOpen, RefreshCw } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { isHandheld } from '@/lib/device';
import { useT } from '@/lib/i18n/use-t';
import type { CategoryDefinition } from '../../../../shared/documents';
import { acceptAttribute } from '../file-checks';
import { CATEGORY_NAME_KEYS } from '../labels';

// How a patient gives a category its file (issue 21, superseding patient-side.md §4's camera
// hint). A `capture` attribute makes iOS and Android open the camera and nothing else, so a
// PDF bill could not be picked: on a phone or tablet "Take photo" (the front camera for the
// patient's own photo, the rear one for a document) and "Choose file" (no capture: the files,
// the photo library, or the camera as the system offers) are two separate inputs. A computer
// has no use for the camera button: one "Browse Files" (or "Replace").

/** Which camera a photo of this category is taken with. */
export const captureFor = (category: CategoryDefinition['id']): 'user' | 'environment' =>
  category === 'photo' ? 'user' : 'environment';

interface FilePickersProps {
  definition: CategoryDefinition;
  /** A file is on record: the computer's button says Replace. */
  replacing: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
  /** The first button's id, so a form's error summary can point at it (the wizard). */
  firstId?: string;
  describedBy?: string;
}

export function FilePickers({
  definition,
  replacing,
  disabled,
  onFile,
  firstId,
  describedBy,
}: FilePickersProps) {
  const t = useT();
  const label = t(CATEGORY_NAME_KEYS[definition.id]);
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const handheld = isHandheld();
  const imageTypes = definition.acceptedTypes.filter((t) => t.startsWith('image/'));
  const name = <span className="sr-only"> {t('documents.picker.for', { name: label })}</span>;

  const input = (
    ref: typeof chooseRef,
    ariaLabel: string,
    extra: { capture?: 'user' | 'environment' },
  ) => (
    <input
      ref={ref}
      type="file"
      className="sr-only"
      tabIndex={-1}
      aria-label={ariaLabel}
      accept={acceptAttribute(extra.capture ? imageTypes : definition.acceptedTypes)}
      {...extra}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        // Cleared at once, so the same file chosen again still fires a change.
        e.currentTarget.value = '';
        if (file) onFile(file);
      }}
    />
  );

  return (
    <>
      {input(chooseRef, t('documents.picker.chooseFor', { name: label }), {})}
      {handheld &&
        imageTypes.length > 0 &&
        input(cameraRef, t('documents.picker.photoFor', { name: label }), {
          capture: captureFor(definition.id),
        })}
      {handheld ? (
        <div className={replacing ? 'contents' : 'flex flex-wrap justify-center gap-2'}>
          {imageTypes.length > 0 && (
            <Button
              id={firstId}
              variant={replacing ? 'outline' : 'secondary'}
              size="sm"
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => cameraRef.current?.click()}
            >
              <Camera aria-hidden="true" />
              {t('documents.picker.takePhoto')}
              {name}
            </Button>
          )}
          <Button
            id={imageTypes.length > 0 ? undefined : firstId}
            variant="outline"
            size="sm"
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => chooseRef.current?.click()}
          >
            <FolderOpen aria-hidden="true" />
            {t('documents.picker.chooseFile')}
            {name}
          </Button>
        </div>
      ) : (
        <Button
          id={firstId}
          variant={replacing ? 'outline' : 'secondary'}
          size="sm"
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => chooseRef.current?.click()}
        >
          {replacing && <RefreshCw aria-hidden="true" />}
          {replacing ? t('documents.picker.replace') : t('documents.picker.browse')}
          {replacing && <span className="sr-only"> {label}</span>}
        </Button>
      )}
    </>
  );
}
