/** The camera, microphone and speaker check, open without sign-in (spec §2.2, issue 21). */
export const VIDEO_DEMO_PATH = '/video-demo';
