import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  registerAndPay,
  SCREENSHOT_DIR,
  signIn,
  type TestPatient,
  uniqueEmail,
} from '../support';
import {
  drawOnWhiteboard,
  expectFramesRising,
  framesDecoded,
  inkedPixels,
  localCandidateAddresses,
  probeRecording,
  watchPeerConnections,
} from './call-support';

// Issue 5's consultation: a doctor starts the call from the queue, the patient's Join Video
// Call enables and both see and hear each other (fake camera and microphone), with chat,
// whiteboard, camera-off, a consented recording that decodes with ffprobe, a dropped page that
// finds its way back, and the physician's End consultation. Server and browser share a network
// namespace with only loopback.

test.describe.configure({ mode: 'serial' });

const status = (page: Page) => page.locator('[data-status]').first();

async function expectConnected(page: Page) {
  await expect(status(page)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(status(page)).toHaveText(/connected/i);
}

test('a doctor and a patient hold a consultation with every tool', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const patient: TestPatient = {
    firstName: 'Morgan',
    lastName: `Videocall${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e-video'),
    password: 'video-journey-pass',
  };
  const fullName = `${patient.firstName} ${patient.lastName}`;
  const api = await playwright.request.newContext({ baseURL });
  await registerAndPay(api, patient);
  await api.dispose();

  // The patient waits on the dashboard: Join Video Call is off until a room is announced.
  const patientContext = await browser.newContext();
  await watchPeerConnections(patientContext);
  const patientPage = await patientContext.newPage();
  await signIn(patientPage, patient.email, patient.password);
  await expect(patientPage).toHaveURL(/\/patient\/dashboard$/);
  const join = patientPage.getByRole('button', { name: 'Join Video Call' }).first();
  await expect(join).toBeDisabled();

  // The doctor starts the call from the Current Queue and lands in the room.
  const doctorContext = await browser.newContext();
  await watchPeerConnections(doctorContext);
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.test');
  await expect(doctor).toHaveURL(/\/doctor\/dashboard$/);
  const queueRow = doctor.getByRole('row').filter({ hasText: fullName });
  await queueRow.getByRole('button', { name: `Start consultation with ${fullName}` }).click();
  // No name in the address (issue 21: PHI in history and logs): the room takes it from the session.
  await expect(doctor).toHaveURL(/\/video-call\/[\w-]+\?role=doctor$/);
  const roomId = new URL(doctor.url()).pathname.split('/').pop()!;

  // The announcement reaches the patient: Join Video Call enables and opens the same room.
  await expect(join).toBeEnabled({ timeout: 15_000 });
  await join.click();
  await expect(patientPage).toHaveURL(new RegExp(`/video-call/${roomId}\\?role=patient$`));

  await expectConnected(doctor);
  await expectConnected(patientPage);
  await expectFramesRising(doctor, 'doctor');
  await expectFramesRising(patientPage, 'patient');
  // Only loopback: no candidate points off the machine.
  for (const page of [doctor, patientPage]) {
    const addresses = await localCandidateAddresses(page);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(['127.0.0.1', '::1']).toContain(address);
  }
  // Each side still shows the names, from the session.
  await expect(doctor.getByText(patient.firstName).first()).toBeVisible();
  await expect(patientPage.getByText(`${fullName} (You)`)).toBeVisible();
  await expect(doctor.getByText('Grace Whitfield (You)')).toBeVisible();
  await patientPage.screenshot({ path: `${SCREENSHOT_DIR}/video-room-patient-1280.png` });
  await doctor.screenshot({ path: `${SCREENSHOT_DIR}/video-room-doctor-1280.png` });
  // A patient on a phone.
  await patientPage.setViewportSize({ width: 360, height: 740 });
  await patientPage.screenshot({ path: `${SCREENSHOT_DIR}/video-room-patient-360.png` });
  await patientPage.setViewportSize({ width: 1280, height: 720 });

  // Chat crosses.
  await doctor.getByRole('button', { name: 'Chat' }).click();
  await doctor.getByRole('textbox', { name: 'Message' }).fill('Good afternoon, can you hear me?');
  await doctor.getByRole('button', { name: 'Send' }).click();
  await patientPage.getByRole('button', { name: 'Chat' }).click();
  await expect(patientPage.getByText('Good afternoon, can you hear me?')).toBeVisible();
  await patientPage.getByRole('textbox', { name: 'Message' }).fill('Yes, loud and clear');
  await patientPage.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(doctor.getByText('Yes, loud and clear')).toBeVisible();
  await doctor.getByRole('button', { name: 'Chat' }).click();
  await patientPage.getByRole('button', { name: 'Chat' }).click();

  // A whiteboard line drawn by the doctor appears on the patient's board.
  await doctor.getByRole('button', { name: 'Whiteboard' }).click();
  const patientBoard = patientPage.locator('canvas[data-whiteboard]');
  await expect(patientBoard).toBeVisible();
  await drawOnWhiteboard(doctor);
  await expect.poll(() => inkedPixels(patientPage)).toBeGreaterThan(50);
  await patientPage.screenshot({ path: `${SCREENSHOT_DIR}/video-room-whiteboard-1280.png` });
  await doctor.getByRole('button', { name: 'Close whiteboard' }).click();
  await expect(patientBoard).toBeHidden();

  // The patient turns the camera off: the doctor sees the placeholder; on again, video.
  await patientPage.getByRole('button', { name: 'Stop camera' }).click();
  await expect(doctor.getByText('Camera Off')).toBeVisible({ timeout: 5_000 });
  await doctor.screenshot({ path: `${SCREENSHOT_DIR}/video-room-camera-off-1280.png` });
  await patientPage.getByRole('button', { name: 'Start camera' }).click();
  await expect(doctor.getByText('Camera Off')).toBeHidden({ timeout: 5_000 });

  // Recording: the doctor asks, the patient consents, both see the indicator.
  await doctor.getByRole('button', { name: 'Start recording' }).click();
  const consent = patientPage.getByRole('alertdialog', { name: 'Record this consultation?' });
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'Allow recording' }).click();
  for (const page of [doctor, patientPage])
    await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
  await expectFramesRising(doctor, 'doctor while recording');
  await doctor.waitForTimeout(7_000); // at least two 3-second chunks
  await doctor.getByRole('button', { name: 'Stop recording' }).click();
  for (const page of [doctor, patientPage])
    await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeHidden();

  // The stored chunks decrypt to WebM files whose frames ffprobe decodes: one per participant.
  let files: { id: string; roomId: string; userName: string; status: string }[] = [];
  await expect
    .poll(
      async () => {
        const res = await doctor.request.get('/api/admin/recordings');
        files = ((await res.json()) as typeof files).filter((f) => f.roomId === roomId);
        return files.filter((f) => f.status === 'complete').length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  for (const file of files) {
    const download = await doctor.request.get(`/api/admin/recordings/${file.id}/download`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^video\/webm/);
    const probed = probeRecording(await download.body());
    expect(probed.format).toContain('webm');
    // Seconds of moving video, not a still: WebRTC lowers the frame rate when the two browsers
    // and the server share a loaded machine (29 frames in 7 s was seen), so the count is not
    // held to the camera's rate.
    expect(probed.videoSeconds, `${file.userName}'s recording`).toBeGreaterThan(5);
    expect(probed.videoFrames, `${file.userName}'s recording`).toBeGreaterThan(14);
  }

  // Staff with the documents permission find them under Document Management → Recordings.
  const libraryContext = await browser.newContext();
  const library = await libraryContext.newPage();
  await signIn(library, 'admin@demo.test');
  await expect(library).toHaveURL(/\/admin\/dashboard$/);
  await library.goto('/admin/documents');
  await library.getByRole('tab', { name: 'Recordings' }).click();
  const recorded = library
    .getByRole('list', { name: 'Recordings' })
    .getByRole('listitem')
    .filter({ hasText: fullName });
  await expect(recorded).toHaveCount(2);
  await expect(recorded.getByRole('link', { name: /^Download / })).toHaveCount(2);
  await checkScreen(library, 'video-recordings');
  await libraryContext.close();

  // Frames keep arriving on both sides throughout.
  await expectFramesRising(doctor, 'doctor after recording');
  await expectFramesRising(patientPage, 'patient after recording');
  await checkScreen(patientPage, 'video-room-patient');

  // A dropped page: the patient finds the way back from the dashboard, and the call resumes.
  await patientPage.goto('/patient/dashboard');
  await expect(doctor.getByText('Waiting to connect...').first()).toBeVisible();
  await patientPage.getByRole('link', { name: 'Return to call' }).first().click();
  await expectConnected(patientPage);
  await expectConnected(doctor);
  await expectFramesRising(patientPage, 'patient after returning');

  // The physician ends the consultation from the room (confirmed): the call closes for both.
  // Hanging up and rejoining on either side is consultation-rejoin.spec.ts's journey.
  await doctor.getByRole('button', { name: 'End consultation' }).click();
  await doctor
    .getByRole('alertdialog', { name: 'End this consultation?' })
    .getByRole('button', { name: 'End consultation' })
    .click();
  for (const page of [doctor, patientPage])
    await expect(page.getByRole('heading', { name: 'The consultation has ended' })).toBeVisible();
  expect(await framesDecoded(doctor)).toBe(0);

  await Promise.all([doctorContext.close(), patientContext.close()]);
});
