import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { downloadTranscriptionPdf } from '../api/transcriptions';

interface DownloadPdfButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  consultationId: string;
  patientName: string;
}

/** Download PDF for a stored transcription (staff-and-video.md §7; audited by the server). */
export function DownloadPdfButton({
  consultationId,
  patientName,
  variant = 'outline',
  size = 'sm',
  className,
}: DownloadPdfButtonProps) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadTranscriptionPdf(consultationId);
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessage(error, 'Could not download the transcription'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={download}
      disabled={pending}
      aria-label={`Download PDF of ${patientName}'s transcription`}
    >
      <Download aria-hidden="true" />
      {pending ? 'Downloading...' : 'Download PDF'}
    </Button>
  );
}
