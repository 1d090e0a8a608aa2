// What the sign-in page says when another page sent the person there (issue 13): the password
// was reset, or the staff idle guard signed them out. Carried in the router's location state.

export interface SignInNotice {
  notice: string;
  /** Open the staff sign-in (the idle guard signs out staff only). */
  staff?: boolean;
}

export const signInNoticeOf = (state: unknown): SignInNotice | null => {
  const notice = (state as Partial<SignInNotice> | null)?.notice;
  return typeof notice === 'string'
    ? { notice, staff: (state as SignInNotice).staff === true }
    : null;
};
