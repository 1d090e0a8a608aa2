import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DeviceCheck } from './device-check';

/** The dashboard's Live Demo tab: the device check staff run before a consultation. */
export function LiveDemoTab() {
  return (
    <Card>
      <CardHeader>
        <CardDescription>
          Check this computer's camera, microphone and speaker before a video consultation. The
          preview stays on this device: nothing is recorded or sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DeviceCheck headingLevel="h3" />
      </CardContent>
    </Card>
  );
}
