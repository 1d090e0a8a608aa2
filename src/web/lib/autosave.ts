/**
 * Fields saved as people type (the intake draft, the physician's notes) are sent this long
 * after the last keystroke: long enough to skip most keystrokes, short enough that a closed
 * tab loses little.
 */
export const AUTOSAVE_DELAY_MS = 800;
