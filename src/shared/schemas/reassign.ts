import { z } from 'zod';

/** POST /api/admin/reassign-patient: move a waiting or admitted patient to another physician. */
export const ReassignPatientSchema = z.object({
  queueId: z.uuid('Patient not found in the queue'),
  doctorId: z.uuid('Choose a doctor'),
});
export type ReassignPatientRequest = z.infer<typeof ReassignPatientSchema>;
