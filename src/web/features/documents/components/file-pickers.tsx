import { Camera, FolderOpen, RefreshCw } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { isHandheld } from '@/lib/device';
import type { CategoryDefinition } from '../../../../shared/documents';
import { acceptAttribute } from '../file-checks';

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
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const handheld = isHandheld();
  const imageTypes = definition.acceptedTypes.filter((t) => t.startsWith('image/'));
  const name = <span className="sr-only"> for {definition.name}</span>;

  const input = (
    ref: typeof chooseRef,
    label: string,
    extra: { capture?: 'user' | 'environment' },
  ) => (
    <input
      ref={ref}
      type="file"
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
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
      {input(chooseRef, `Choose a file for ${definition.name}`, {})}
      {handheld &&
        imageTypes.length > 0 &&
        input(cameraRef, `Take a photo for ${definition.name}`, {
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
              Take photo{name}
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
            Choose file{name}
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
          {replacing ? 'Replace' : 'Browse Files'}
          {replacing && <span className="sr-only"> {definition.name}</span>}
        </Button>
      )}
    </>
  );
}
