import type { MailTemplate, TemplateText } from './mail-template-types';

/** English mail wording; {{name}}-style values are filled in, {{link}} is the button's target. */
export const MAIL_TEXT_EN: Record<MailTemplate, TemplateText> = {
  verify: {
    subject: 'Verify your email address',
    intro: 'Hi {{name}}, please confirm your email address to finish setting up Partner Portal.',
    action: 'Verify email',
    outro: 'The link expires in 24 hours. If you did not sign up, you can ignore this email.',
  },
  magic: {
    subject: 'Your Partner Portal sign-in link',
    intro: 'Hi {{name}}, use this link to sign in to Partner Portal.',
    action: 'Sign in',
    outro:
      'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.',
  },
  reset: {
    subject: 'Reset your Partner Portal password',
    intro: 'Hi {{name}}, we received a request to reset your password.',
    action: 'Choose a new password',
    outro:
      'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email.',
  },
  password_changed: {
    subject: 'Your Partner Portal password was changed',
    intro:
      'Hi {{name}}, the password of your Partner Portal account was just changed, and your other sessions were signed out.',
    outro: 'If this was not you, reset your password now and contact support.',
  },
  two_factor_reset: {
    subject: 'Two-factor authentication was turned off on your Partner Portal account',
    intro:
      'Hi {{name}}, at your request our support team turned off two-factor authentication on your account and signed you out everywhere. Sign in with your password and turn it on again under Account → Two-factor authentication.',
    outro: 'If you did not ask for this, reset your password now and contact support.',
  },
  two_factor_required: {
    subject: '{{account}} now requires two-factor authentication',
    intro:
      'Hi {{name}}, the owner of {{account}} on Partner Portal now requires every member to use two-factor authentication. Turn it on by {{deadline}}: after that, until you do, {{account}} opens only to set it up.',
    action: 'Turn on two-factor authentication',
    outro:
      'You need an authenticator app on your phone (any app that shows 6-digit codes). Your access and permissions stay as they are.',
  },
  two_factor_reminder: {
    subject: 'Tomorrow {{account}} requires two-factor authentication',
    intro:
      'Hi {{name}}, {{account}} requires two-factor authentication from {{deadline}}, and yours is not on yet. After that, until you turn it on, {{account}} opens only to set it up.',
    action: 'Turn on two-factor authentication',
    outro: 'It takes a minute with an authenticator app on your phone.',
  },
  new_signin: {
    subject: 'New sign-in to Partner Portal',
    intro: 'Hi {{name}}, your account was just used to sign in to Partner Portal.',
    outro: 'If this was not you, change your password now.',
  },
  help: {
    subject: 'Help request from {{name}}',
    intro:
      '{{message}}\n\n---\nFrom: {{name}} <{{email}}>\nUser id: {{user_id}}\nAccount: {{account}} ({{account_id}})\nPermission: {{permission}}\nLanguage: {{locale}}',
    outro: 'Reply to this email to answer {{name}}.',
  },
  account_closed: {
    subject: 'The Partner Portal account {{account}} was closed',
    intro:
      'Hi {{name}}, the account {{account}} was closed by its owner, and every session in it was signed out.',
    outro:
      'Its data is kept for {{days}} days and then deleted. If this was a mistake, contact support before then.',
  },
  invite: {
    subject: '{{inviter}} invited you to {{account}} on Partner Portal',
    intro: 'Hi, {{inviter}} invited you to join the {{account}} account on Partner Portal.',
    action: 'Accept the invitation',
    outro:
      'The invitation expires in 7 days. If you were not expecting it, you can ignore this email.',
  },
  // The invitation to an account that requires 2FA: the invitee learns it before they join.
  invite_2fa: {
    subject: '{{inviter}} invited you to {{account}} on Partner Portal',
    intro:
      'Hi, {{inviter}} invited you to join the {{account}} account on Partner Portal.\n{{account}} requires two-factor authentication: when you join, you will set it up with an authenticator app on your phone.',
    action: 'Accept the invitation',
    outro:
      'The invitation expires in 7 days. If you were not expecting it, you can ignore this email.',
  },
  invite_accepted: {
    subject: '{{invitee}} joined {{account}} on Partner Portal',
    intro: 'Hi {{name}}, {{invitee}} ({{email}}) accepted your invitation and joined {{account}}.',
    action: 'See your team',
    outro: 'You can turn these emails off in your notification settings.',
  },
  sso_member_joined: {
    subject: '{{member}} joined {{account}} through single sign-on',
    intro:
      'Hi {{name}}, {{member}} ({{email}}) signed in through your identity provider for the first time and joined {{account}} as {{permission}}.',
    action: 'See your team',
    outro:
      'New people on your verified domains join this way. You can change their permission on the team screen, or the default under Account → Single sign-on.',
  },
  alert_triggered: {
    subject: '{{alert}}: {{metric}} was {{value}} on {{day}}',
    intro:
      'Hi {{name}}, your alert "{{alert}}" fired. {{metric}}{{slice}} was {{value}} on {{day}}, {{comparison}}.',
    action: 'Open the dashboard on it',
    outro:
      'You will not hear of it again until the figure is back on the right side of your rule. Snooze or change the alert under Account → Alerts.',
  },
  webhook_disabled: {
    subject: 'A webhook endpoint of {{account}} was disabled',
    intro:
      'Hi {{name}}, we could not deliver events to {{url}} for three days, so we disabled the endpoint. The last try said: {{error}}.',
    action: 'See the endpoint',
    outro:
      'Events are not sent to a disabled endpoint. When it answers again, enable it under Account → Webhooks, and resend the deliveries it missed from its list.',
  },
  account_added: {
    subject: '{{account}} was added to your Partner Portal sign-in',
    intro:
      'Hi {{name}}, your email address and password were just used to add the account {{account}} to your Partner Portal sign-in. You can switch to it from the user menu.',
    action: 'Reset your password',
    outro:
      'If this was not you, someone knows your password: reset it now and turn on two-factor authentication.',
  },
  second_factor_locked: {
    subject: 'Too many wrong sign-in codes on your Partner Portal account',
    intro:
      'Hi {{name}}, someone entered {{count}} wrong two-factor codes for your account, which means they know your password. Codes are refused for the next {{minutes}} minutes.',
    action: 'Reset your password',
    outro: 'If this was not you, reset your password now. If it was you, wait and try again.',
  },
  email_change_requested: {
    subject: 'Your Partner Portal email is changing to {{new_email}}',
    intro:
      'Hi {{name}}, someone signed in to your Partner Portal account asked to change its email from {{email}} to {{new_email}}. You can keep signing in with {{email}} until the new address is confirmed.',
    action: 'This was not me',
    outro:
      'If this was not you, open the link above within 7 days: it puts {{email}} back, signs out every session and asks for a new password. If it was you, there is nothing to do.',
  },
  email_code: {
    subject: 'Your Partner Portal code: {{code}}',
    intro:
      'Hi {{name}}, enter the code {{code}} to change the email of your Partner Portal account to {{new_email}}.',
    outro:
      'The code works once and expires in 10 minutes. If you did not ask for it, ignore this email and your email stays as it is.',
  },
  email_restored: {
    subject: 'Your Partner Portal email is {{email}} again',
    intro:
      'Hi {{name}}, the email change to {{new_email}} was undone: your account uses {{email}} again, and every session was signed out.',
    action: 'Choose a new password',
    outro:
      'Someone may have used your account: choose a new password now, and turn on two-factor authentication.',
  },
  plan_updated: {
    subject: 'Your Partner Portal plan is now {{plan}}',
    intro:
      'Hi {{name}}, the account {{account}} is now on the {{plan}} plan ({{price}}). {{charged}}Your invoices are on the billing page.',
    action: '{{action}}',
    outro: 'If you did not expect this change, contact support.',
  },
  plan_scheduled: {
    subject: 'Your Partner Portal plan changes to {{plan}} on {{date}}',
    intro:
      'Hi {{name}}, the account {{account}} switches to the {{plan}} plan on {{date}}. Until then it keeps {{current}}.',
    action: 'Open billing',
    outro: 'Changed your mind? Undo it on the billing page before {{date}}.',
  },
  card_updated: {
    subject: 'The card of your Partner Portal account was changed',
    intro:
      'Hi {{name}}, the account {{account}} now pays with {{card}}. The next invoice is charged to it.',
    action: 'Open billing',
    outro: 'If this was not you, sign in, change the card back and contact support.',
  },
  payment_failed: {
    subject: 'Your latest payment failed',
    intro:
      'Hi {{name}}, we could not charge {{amount}} for the account {{account}} to {{card}}. {{retry}}',
    action: 'Update your card',
    outro: 'Until it is paid, the account is limited to the free Core plan.',
  },
  payment_action_required: {
    subject: 'You need to authorize your payment',
    intro:
      'Hi {{name}}, your bank asks you to approve the payment of {{amount}} for the account {{account}}. {{retry}}',
    action: 'Authorize the payment',
    outro: 'Until it is approved, the account is limited to the free Core plan.',
  },
  subscription_canceled: {
    subject: 'Your subscription has been canceled',
    intro:
      'Hi {{name}}, the {{plan}} subscription of the account {{account}} has been canceled and the account is now on the free Core plan.',
    action: 'Choose a plan',
    outro: 'Your data and invoices are kept. You can subscribe again at any time.',
  },
  api_key_expiring: {
    subject: 'Your API key "{{key}}" expires on {{date}}',
    intro:
      'Hi {{name}}, the API key "{{key}}" ({{stub}}) of the account {{account}} stops working on {{date}}. Whatever uses it will then be refused.',
    action: 'Manage API keys',
    outro: 'Roll the key to get a new secret, or make a new key, before that day.',
  },
  audit_anchor: {
    subject: 'Audit log anchor of {{at}}',
    intro:
      'At {{at}} the newest row of each audit log chain that moved since the last anchor ({{count}} in all; the first ones below) was:\n\n{{heads}}\n\nKeyed hash of this anchor: {{mac}}\nAnchor file: {{file}}',
    outro:
      'Keep this mail. npm run admin -- audit-verify checks the log against the anchor file; if the file and this mail ever disagree, trust this mail.',
  },
};
