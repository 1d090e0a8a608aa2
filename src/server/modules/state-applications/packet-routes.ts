import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { contentDisposition } from '../documents/routes.js';
import { buildPacket } from './packet.js';
import { STATE_APPLICATION_NOT_FOUND } from './packet-contents.js';

// GET /api/admin/state-applications/:id/packet (issue 22): the OMMA packet, for the staff who
// run the State Applications desk (ACCESS.stateApplications: the `documents` permission,
// physicians excepted: a doctor holds `documents` for the patient being seen, never the desk).

export async function packetRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/state-applications/:id/packet',
    {
      onRequest: requireAccess('stateApplications'),
      schema: { params: z.object({ id: z.uuid(STATE_APPLICATION_NOT_FOUND) }) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { bytes, stateApplication } = await buildPacket(ctx, request.params.id);
      // Every download is a read of the patient's data (ruling 17), written before it is sent.
      await audit(ctx.db, {
        actor: { id: user.id, role: user.role },
        action: 'state_application.packet_download',
        targetType: 'state_application',
        targetId: stateApplication.id,
        ip: request.ip,
        patientIds: await patientUserIds(ctx.db, { profileIds: [stateApplication.patientId] }),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition('attachment', `omma-packet-${stateApplication.id.slice(0, 8)}.pdf`),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
}
