import type pg from 'pg';

/**
 * The benches' waiting room: `count` paid patients in line, joined a second apart and in that
 * order, written in one statement (no API, no password hashing). Emails are
 * `<prefix><i>@example.test`.
 */
export async function seedWaitingPatients(seed: pg.Client, count: number, prefix: string) {
  await seed.query(`
    with u as (
      insert into users (email, password_hash, first_name, last_name, role)
      select '${prefix}' || i || '@example.test', 'x', 'Bench', 'Patient ' || i, 'patient' from generate_series(1, ${count}) i
      returning id, last_name),
    p as (
      insert into patient_profiles (user_id, first_name, last_name, state)
      select id, 'Bench', last_name, 'OK' from u returning id),
    a as (
      insert into applications (patient_id, type, status, payment_status, amount_cents)
      select id, 'new', 'payment_completed', 'authorized', 13700 from p returning id, patient_id)
    insert into queue_entries (application_id, patient_id, joined_at)
    select a.id, a.patient_id, now() - interval '2 hours' + (row_number() over ()) * interval '1 second' from a`);
}
