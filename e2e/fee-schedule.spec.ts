import { expect, test } from '@playwright/test';
import { checkScreen, signIn, toastTitled } from './support';

// Issue 12's Fee Schedule screen: a manager with the financial permission changes a fee in the
// UI, confirms what changes, and sees the new amount, what patients are now charged and the
// history row. Other specs run on the same server, so the defaults are put back at the end.

const DEFAULTS = {
  new: {
    standard: { stateFee: '104.30', serviceFee: '33.00' },
    reduced: { stateFee: '22.50', serviceFee: '10.00' },
  },
  renewal: {
    standard: { stateFee: '104.30', serviceFee: '33.00' },
    reduced: { stateFee: '22.50', serviceFee: '10.00' },
  },
  stateApplication: 'clinic_submits',
};

test('a manager changes a fee and sees it in force and in the history', async ({
  page,
  baseURL,
}) => {
  // Two rounds of changes (a fee, then who applies to OMMA), each screen checked.
  test.setTimeout(120_000);
  await signIn(page, 'master@demo.test');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  try {
    await page.goto('/admin/fees');
    await expect(page.getByRole('heading', { level: 1, name: 'Fee Schedule' })).toBeVisible();
    const newStandard = page.getByTestId('fee-row-new-standard');
    await expect(newStandard).toContainText('$104.30');
    await expect(newStandard).toContainText('$137.30');

    const form = page.getByRole('form', { name: 'Change the fees' });
    const service = form.locator('#fee-new-standard-serviceFee');
    const renewalReducedState = form.locator('#fee-renewal-reduced-stateFee');

    // Not an amount: the error sits beside the field, and nothing is saved.
    await renewalReducedState.fill('twenty');
    await form.getByRole('button', { name: 'Review changes' }).click();
    await expect(renewalReducedState).toHaveAttribute('aria-invalid', 'true');
    await expect(renewalReducedState).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fix 1 problem' })).toContainText(
      'License Renewal · Reduced · State fee: Enter an amount such as 104.00',
    );
    await checkScreen(page, 'fee-schedule-errors');
    await renewalReducedState.fill('22.50');

    // A real change: the confirmation lists it old → new before anything is saved.
    await service.fill('35.50');
    await expect(form.getByText('$139.80')).toBeVisible();
    await form.getByRole('button', { name: 'Review changes' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Save the new fees?' });
    await expect(confirm.getByRole('listitem')).toHaveText([
      'New License · Standard · Service fee$33.00 → $35.50',
    ]);
    await checkScreen(page, 'fee-schedule-confirm');
    // A refusal naming a field (the server's 400 shape) lands beside that field; nothing saved.
    await page.route(
      '**/api/admin/fees',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Enter an amount such as 104.00',
            code: 'VALIDATION',
            issues: [
              { path: 'new.standard.serviceFee', message: 'Enter an amount such as 104.00' },
            ],
          }),
        }),
      { times: 1 },
    );
    await confirm.getByRole('button', { name: 'Save new fees' }).click();
    await expect(service).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#fee-new-standard-serviceFee-error')).toHaveText(
      'Enter an amount such as 104.00',
    );
    await expect(newStandard).toContainText('$33.00');

    await form.getByRole('button', { name: 'Review changes' }).click();
    await confirm.getByRole('button', { name: 'Save new fees' }).click();
    await expect(toastTitled(page, 'Fees Saved')).toBeVisible();
    await expect(service).not.toHaveAttribute('aria-invalid', 'true');

    await expect(newStandard).toContainText('$35.50');
    await expect(newStandard).toContainText('$139.80');
    // Newest first: this change heads the history.
    const history = page.getByTestId('fee-history-row').first();
    await expect(history).toContainText('Morgan Reyes');
    await expect(history).toContainText('New License · Standard · Service fee: $33.00 → $35.50');
    await checkScreen(page, 'fee-schedule');

    // What the payment page prices from: the new total.
    const fees = await (await page.request.get('/api/fees')).json();
    expect(fees.new.standard).toEqual({ stateFee: '104.30', serviceFee: '35.50', total: '139.80' });
    expect(fees.renewal.standard.total).toBe('137.30');

    // Issue 22: the patient applies to OMMA instead; the charge is the service fee alone.
    await form.getByRole('radio', { name: /The patient applies to OMMA/ }).check();
    await expect(form.getByText('$35.50').first()).toBeVisible();
    await form.getByRole('button', { name: 'Review changes' }).click();
    await expect(confirm.getByRole('listitem')).toHaveText([
      'Who applies to OMMAThe clinic submits the OMMA application and pays the state fee → The patient applies to OMMA and pays the state fee there',
    ]);
    await confirm.getByRole('button', { name: 'Save new fees' }).click();
    await expect(toastTitled(page, 'Fees Saved')).toBeVisible();
    await expect(newStandard).toContainText('paid by the patient to OMMA');
    await expect(page.getByTestId('fee-history-row').first()).toContainText(
      'Who applies to OMMA: The clinic submits the OMMA application and pays the state fee → The patient applies to OMMA and pays the state fee there',
    );
    expect((await (await page.request.get('/api/fees')).json()).stateApplication).toBe(
      'patient_submits',
    );
  } finally {
    const restored = await page.request.put('/api/admin/fees', {
      data: DEFAULTS,
      headers: { Origin: baseURL! },
    });
    expect(restored.status()).toBe(200);
  }
});
