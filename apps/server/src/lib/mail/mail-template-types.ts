/** The mails the app sends, and the parts of each one's text (mail-text-en.ts, mail-text-es.ts). */
export type MailTemplate =
  | 'verify'
  | 'magic'
  | 'reset'
  | 'password_changed'
  | 'new_signin'
  | 'help'
  | 'account_closed'
  | 'invite'
  | 'invite_2fa'
  | 'invite_accepted'
  | 'account_added'
  | 'sso_member_joined'
  | 'second_factor_locked'
  | 'email_change_requested'
  | 'email_code'
  | 'email_restored'
  | 'plan_updated'
  | 'plan_scheduled'
  | 'card_updated'
  | 'payment_failed'
  | 'payment_action_required'
  | 'subscription_canceled'
  | 'api_key_expiring'
  | 'webhook_disabled'
  | 'alert_triggered'
  | 'two_factor_reset'
  | 'two_factor_required'
  | 'two_factor_reminder'
  | 'audit_anchor';

export interface TemplateText {
  subject: string;
  intro: string;
  action?: string;
  outro: string;
}
