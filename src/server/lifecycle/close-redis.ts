import type { createClient } from 'redis';

// Closing a Redis client without hanging. A quit waits for the connection: with Redis down a
// client that queues commands (the socket.io adapter's) would wait for it forever, holding up
// a draining node until its forced exit. So each client gets a short graceful quit, then is
// dropped at once.

type Client = ReturnType<typeof createClient>;

/** How long a quit may wait for Redis's answer before the connection is dropped. */
export const REDIS_QUIT_MS = 2000;

export async function closeRedis(client: Client, waitMs = REDIS_QUIT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const quit = client.quit().then(
    () => 'quit' as const,
    () => 'failed' as const,
  );
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  const outcome = await Promise.race([quit, late]);
  clearTimeout(timer);
  if (outcome !== 'quit' && client.isOpen) client.destroy();
}
