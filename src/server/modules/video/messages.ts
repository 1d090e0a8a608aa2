// What the token endpoint and the signalling server say when they turn someone away
// (ADR 0008; the client shows these as they are).

export const ROOM_NOT_FOUND = 'Video room not found';
export const ROOM_REFUSED = 'You cannot join this video session';
export const CALL_ENDED = 'This call has ended';
export const SESSION_FULL = 'This session is full';
export const TOKEN_REQUIRED = 'A valid join token is required';
export const SESSION_NOT_FOUND = 'Video session not found';
export const CONSULTATION_NOT_STARTED = 'Your consultation has not started yet';
