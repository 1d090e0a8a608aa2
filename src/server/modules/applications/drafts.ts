import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationDraftSchema,
  type ApplicationDraftView,
} from '../../../shared/schemas/application.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { applicationDrafts } from '../../db/schema/index.js';
import { requireRole } from '../../plugins/auth.js';
import { currentPatient } from '../patients/guards.js';

// The wizard's draft (issue 11): the application form is saved as the patient types, on the
// server, so a reload or another device resumes it and no PHI is kept in browser storage.
// Only its owner reads or writes it; it is deleted when the application is submitted.

export async function deleteDraft(db: Executor, patientId: string): Promise<void> {
  await db.delete(applicationDrafts).where(eq(applicationDrafts.patientId, patientId));
}

export async function applicationDraftRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patientOnly = { onRequest: requireRole('patient') };

  /** The patient's draft, or null when there is none. */
  app.get('/api/applications/draft', patientOnly, async (request) => {
    const [row] = await ctx.db
      .select()
      .from(applicationDrafts)
      .where(eq(applicationDrafts.patientId, currentPatient(request).id))
      .limit(1);
    return row
      ? ({
          data: row.data,
          updatedAt: row.updatedAt.toISOString(),
        } satisfies ApplicationDraftView)
      : null;
  });

  /** Replaces the draft with what the form holds now. */
  app.put(
    '/api/applications/draft',
    { ...patientOnly, schema: { body: ApplicationDraftSchema } },
    async (request) => {
      const patientId = currentPatient(request).id;
      const now = new Date();
      const [row] = await ctx.db
        .insert(applicationDrafts)
        .values({ patientId, data: request.body, updatedAt: now })
        .onConflictDoUpdate({
          target: applicationDrafts.patientId,
          set: { data: request.body, updatedAt: now },
        })
        .returning();
      return {
        data: row!.data,
        updatedAt: row!.updatedAt.toISOString(),
      } satisfies ApplicationDraftView;
    },
  );
}
