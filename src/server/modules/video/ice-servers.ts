import { createHmac } from 'node:crypto';
import type { IceServer } from '../../../shared/schemas/video.js';
import type { Config } from '../../config.js';

// The ICE servers a browser gets with its join token (ADR 0008: ICE from configuration).
// TURN credentials follow the TURN REST form that coturn's `use-auth-secret` checks without
// calling us: username `expiry:userId`, credential base64(HMAC-SHA1(secret, username)).
// Nothing configured gives []: loopback and a LAN need no server.

type IceConfig = Pick<
  Config,
  'ICE_STUN_URLS' | 'ICE_TURN_URLS' | 'ICE_TURN_SECRET' | 'ICE_TURN_TTL_SECONDS'
>;

export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

export function iceServersFor(
  config: IceConfig,
  userId: string,
  now: number = Date.now(),
): IceServer[] {
  const servers: IceServer[] = [];
  if (config.ICE_STUN_URLS.length > 0) servers.push({ urls: [...config.ICE_STUN_URLS] });
  if (config.ICE_TURN_URLS.length > 0 && config.ICE_TURN_SECRET) {
    const expiry = Math.floor(now / 1000) + config.ICE_TURN_TTL_SECONDS;
    const username = `${expiry}:${userId}`;
    servers.push({
      urls: [...config.ICE_TURN_URLS],
      username,
      credential: turnCredential(config.ICE_TURN_SECRET, username),
    });
  }
  return servers;
}
