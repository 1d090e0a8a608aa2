import { Card, CardContent } from '@/components/ui/card';
import { BRAND_NAME } from '@/lib/brand';
import { DeviceCheck } from './device-check';

/** /video-demo, open without sign-in: try camera, microphone and speaker before a call. */
export function VideoDemoPage() {
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`Video Demo | ${BRAND_NAME}`}</title>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Video Demo</h1>
        <p className="text-muted-foreground">
          Make sure your camera, microphone and speaker work before your video consultation. Your
          browser will ask for access to the camera and microphone. The preview stays on this
          device: nothing is recorded or sent.
        </p>
      </div>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <DeviceCheck headingLevel="h2" />
        </CardContent>
      </Card>
    </div>
  );
}
