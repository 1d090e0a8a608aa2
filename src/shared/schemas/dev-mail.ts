/** GET /api/dev/mail: the development outbox (no SMTP_URL, outside production). */
export interface DevMailList {
  /** False when SMTP_URL is set: messages went to that server instead. */
  outbox: boolean;
  messages: { id: string; at: string; to: string; subject: string; text: string }[];
}
