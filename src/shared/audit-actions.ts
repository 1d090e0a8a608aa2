// The audit trail in plain words (issue 13): one sentence per action the server writes, and a
// name for each kind of record a row points at. The trail page, its CSV export and the
// filter's list all read these tables; a test checks every action the server writes is here.

import { isOwnKey, ownEntry } from './own-keys.js';

export const AUDIT_ACTION_WORDS = {
  // Sign-in and accounts
  'auth.register': 'Created a patient account',
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed to sign in',
  'auth.login_throttled': 'Was refused sign-in after too many attempts',
  'auth.logout': 'Signed out',
  'admin.setup': 'Set up the first admin account',
  'user.create': 'Created a staff account',
  'user.update_role': "Changed a staff member's role",
  'user.update_permissions': "Changed a staff member's permissions",
  'user.update_credentials': "Changed a physician's licence or NPI",
  'user.update_omma_registration': "Changed a physician's OMMA registration",
  'user.update_office': "Changed a physician's office address or licensing board",
  'user.delete': 'Removed a staff account',
  'patient.update_profile': 'Updated the patient profile',
  'patient.update_notifications': 'Changed the queue reminder emails',
  'auth.password_reset_requested': 'Asked for a password reset link',
  'auth.password_reset': 'Set a new password from a reset link',
  'auth.password_changed': 'Changed the password',
  'auth.password_change_failed': 'Gave a wrong current password when changing it',
  'auth.password_change_throttled': 'Was refused a password change after too many attempts',
  'auth.verify_email': 'Confirmed the email address',
  'auth.verify_email_resend': 'Asked for a new email confirmation link',
  // Two-step sign-in (staff)
  'mfa.setup_started': 'Started setting up two-step sign-in',
  'mfa.enrolled': 'Set up two-step sign-in',
  'mfa.enrol_failed': 'Gave a wrong code while setting up two-step sign-in',
  'mfa.challenge_passed': 'Passed two-step sign-in',
  'mfa.challenge_failed': 'Gave a wrong two-step sign-in code',
  'mfa.code_reused': 'Gave a two-step sign-in code already used',
  'mfa.recovery_code_used': 'Signed in with a recovery code',
  'mfa.throttled': 'Was refused two-step sign-in after too many wrong codes',
  'mfa.reset': "Reset a staff member's two-step sign-in",
  // Patient accounts (user management)
  'patient.search': 'Searched patient accounts',
  'patient.deactivate': 'Deactivated a patient account',
  'patient.send_password_reset': 'Sent a patient a password reset link',
  'patient.unlock_sign_in': "Unlocked a patient's sign-in",
  // Reading patient data
  'patient_data.read': 'Viewed patient data',
  'patient_record.read': "Opened a patient's record",
  'document.list': 'Viewed a list of documents',
  'document.view': 'Viewed a document',
  'document.download': 'Downloaded a document',
  'state_application.packet_download': "Downloaded a patient's OMMA application packet",
  'recording.list': 'Viewed the list of recordings',
  'recording.download': 'Downloaded a recording',
  'transcription.list': 'Viewed the list of transcriptions',
  'transcription.download': 'Downloaded a transcription',
  'transcription.search': 'Searched consultation notes',
  // Applications and documents
  'application.create': 'Started an application',
  'application.submit': 'Submitted an application',
  'application.renewal_start': 'Started a licence renewal',
  'license.reminder': 'Sent a licence reminder',
  'patient.update_license': 'Recorded their OMMA licence',
  // The State Applications desk (issue 22)
  'state_application.open': 'Opened an OMMA application on approval',
  'state_application.checklist': "Ticked OMMA's checklist",
  'state_application.submitted': 'Recorded the submission to OMMA',
  'state_application.decision': "Recorded OMMA's decision",
  'state_application.card_mailed': 'Recorded the licence card mailed',
  'state_application.documents_back': 'Received the documents OMMA asked for',
  'state_application.lapsed': "Marked an OMMA application's window passed",
  'state_application.state_fee_refund': 'Refunded a state fee',
  'state_application.patient_applied': 'Recorded applying to OMMA',
  'application.bypass_payment': 'Submitted an application without payment (development)',
  'application.add_condition': 'Added a medical condition',
  'application.remove_condition': 'Removed a medical condition',
  'application.documents_collected': 'Marked the documents collected',
  'application.unpaid': 'Marked an application unpaid',
  'payment.partially_refunded': 'Recorded part of a payment refunded',
  'document.upload': 'Uploaded a document',
  'document.replace': 'Replaced a document',
  'document.generate': 'Generated the recommendation document',
  'document.review': 'Reviewed a document',
  // The line and the consultation
  'queue.join': 'Joined the queue',
  'queue.leave': 'Left the queue',
  'queue.admit': 'Admitted a patient',
  'queue.reject': 'Removed a patient from the queue',
  'queue.reassign': 'Moved a patient to another physician',
  'queue.payment_reversed': 'Took a patient out of the queue (payment reversed)',
  'consultation.start': 'Started a consultation',
  'consultation.end': 'Ended a consultation',
  'consultation.approve': 'Approved the recommendation',
  'consultation.not_approved': 'Did not approve the recommendation',
  'follow_up.initiate': 'Started document collection',
  'transcription.store': 'Stored a transcription',
  'transcription.update': 'Updated a transcription',
  'keyword.create': 'Added a keyword',
  'keyword.update': 'Changed a keyword',
  'keyword.delete': 'Deleted a keyword',
  'video_session.create': 'Created a video room',
  // Payments
  'payment.authorized': 'Payment authorised',
  'payment.declined': 'Payment declined',
  'payment.error': 'Payment failed',
  'payment.captured': 'Payment captured',
  'payment.voided': 'Payment released (voided)',
  'payment.refunded': 'Payment refunded',
  'payment.capture_refused': 'The processor refused the capture',
  'payment.refund_refused': 'The processor refused the refund',
  'payment.authorization_expired': 'Payment hold expired',
  'payment.webhook': 'Payment notification with a bad signature',
  'fees.update': 'Changed the fee schedule',
  // The trail itself
  'audit.viewed': 'Viewed the audit trail',
  'audit.exported': 'Exported the audit trail',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_WORDS) as AuditAction[];

export const isAuditAction = (value: string): value is AuditAction =>
  isOwnKey(AUDIT_ACTION_WORDS, value);

/** The words for an action; an action unknown to this build is shown as written. */
export const auditActionWords = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_WORDS[action] : action;

/** What a row points at, in words (`target_type`). */
export const AUDIT_TARGET_WORDS: Record<string, string> = {
  application: 'Application',
  consultation: 'Consultation',
  consultation_statuses: 'Consultation statuses',
  doctor_consultations: "Doctor's consultations",
  doctor_queue: "Doctor's queue",
  document: 'Document',
  email: 'Email address',
  fee_schedule: 'Fee schedule',
  follow_up_task: 'Follow-up task',
  keyword: 'Keyword',
  patient: 'Patient record',
  patient_documents: 'Patient documents list',
  patients: 'Patients list',
  audit_patient_search: 'Audit trail patient search',
  payment: 'Payment',
  pending_transcriptions: 'Pending transcriptions',
  post_consultation_tasks: 'Post-consultation tasks',
  queue_entry: 'Queue place',
  queue_status: 'Operations queue',
  recording: 'Recordings list',
  recording_file: 'Recording',
  stored_documents: 'Stored documents list',
  state_application: 'State application',
  transcription: 'Transcription',
  transcriptions: 'Transcriptions',
  user: 'Account',
  video_session: 'Video room',
  visit_history: 'Visit history',
  waiting_room: 'Waiting room',
  audit_log: 'Audit trail',
};

export const auditTargetWords = (type: string): string =>
  ownEntry(AUDIT_TARGET_WORDS, type) ?? type.replaceAll('_', ' ');

export const AUDIT_OUTCOME_WORDS: Record<string, string> = {
  success: 'Done',
  failure: 'Failed',
  denied: 'Refused',
};

/** "2026-11-24 14:05:09 CST": an audit row's instant on the clinic's clock (page and CSV). */
export function formatAuditTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}
