import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  checkScreen,
  DEMO_PASSWORD,
  fromOwnAddress,
  openConsoleArea,
  registrationBody,
  signIn,
  type TestPatient,
  uniqueEmail,
} from './support';

// Issue 13's audit trail: a staff member reads a patient's record; the master admin opens the
// Audit Trail, filters it to that patient, sees who read the record, and exports it as CSV.

test('a master admin finds who read a patient record and exports it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const patient: TestPatient = {
    firstName: 'Marigold',
    lastName: `Audit${Math.random().toString(36).slice(2, 7)}`,
    email: uniqueEmail('e2e-audit'),
    password: 'audit-trail-pass',
  };
  const api = await playwright.request.newContext({ baseURL });
  const registered = await api.post('/api/register', {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { patient: { id: string } } };

  // Ava Nguyen (Administrative Assistant, `documents`) opens the patient's record.
  const staff = await playwright.request.newContext({ baseURL });
  const signedIn = await staff.post('/api/login', {
    data: { email: 'assistant@demo.test', password: DEMO_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const record = await staff.get(`/api/admin/patients/${user.patient.id}/record`);
  expect(record.status(), await record.text()).toBe(200);

  await signIn(page, 'master@demo.test');
  await openConsoleArea(page, 'Audit Trail');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();

  // Filter to the patient: search by name, choose them.
  await page.getByLabel('Patient', { exact: true }).fill(patient.lastName);
  const matches = page.getByRole('list', { name: 'Matching patients' });
  await matches.getByRole('button', { name: new RegExp(patient.lastName) }).click();
  await expect(page.getByTestId('audit-patient-chosen')).toContainText(
    `${patient.firstName} ${patient.lastName}`,
  );
  await expect(page).toHaveURL(/patientId=/);

  // Then to record reads: the assistant's read is there, in words.
  await page.getByLabel('What').selectOption({ label: "Opened a patient's record" });
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ava Nguyen');
  await expect(rows.first()).toContainText('Administrative Assistant');
  await expect(rows.first()).toContainText("Opened a patient's record");
  await expect(rows.first()).toContainText(
    `Patient record: ${patient.firstName} ${patient.lastName}`,
  );
  await checkScreen(page, 'audit-trail');

  // The export downloads the same rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toContain('"Who","Role","What"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    '"Ava Nguyen","Administrative Assistant","Opened a patient\'s record"',
  );
  expect(lines[1]).toContain(`"${patient.firstName} ${patient.lastName} (born 1979-11-21)"`);

  // Clearing the patient shows the whole trail again, the export itself among it.
  await page.getByRole('button', { name: 'Clear the patient filter' }).click();
  await page.getByLabel('What').selectOption({ label: 'Exported the audit trail' });
  await expect(rows.first()).toContainText('Exported the audit trail');
  await page.getByLabel('What').selectOption({ label: 'Every action' });
  // Fresh, not the first visit's answer: the export is among the rows.
  await expect(page.getByText(/entries, newest first/)).toBeVisible();
  await expect(rows.filter({ hasText: 'Exported the audit trail' }).first()).toBeVisible();
  await checkScreen(page, 'audit-trail-all');

  // From the patients list, a master admin's "Who read this record?" opens the same filter.
  await openConsoleArea(page, 'Documents');
  await page.getByRole('tab', { name: 'Patients' }).click();
  await page.getByLabel('Search patients').fill(patient.lastName);
  await page
    .getByRole('link', { name: `Who read the record of ${patient.firstName} ${patient.lastName}?` })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit\?patientId=/);
  await expect(page.getByTestId('audit-patient-chosen')).toContainText(
    `${patient.firstName} ${patient.lastName}`,
  );
  await expect(rows.filter({ hasText: 'Ava Nguyen' }).first()).toContainText(
    "Opened a patient's record",
  );
  await api.dispose();
  await staff.dispose();
});
