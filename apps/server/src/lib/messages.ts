import type { Locale } from '@partner-portal/shared/constants';

/** Server-side messages (docs/product.md#errors), one catalogue per language; a test checks they match. */
const en = {
  'error.bad_request': 'The request could not be understood.',
  'error.invalid_json': 'The request body is not valid JSON.',
  'error.invalid_field': 'Please check the {{field}} field.',
  'error.unauthorized': 'Please sign in to continue.',
  'error.access_changed': 'An administrator changed your access to this account. Sign in again.',
  'error.forbidden': 'You do not have permission to do that.',
  'error.xsrf': 'Your session could not be verified. Please reload the page and try again.',
  'error.not_found': 'The requested resource was not found.',
  'error.route_not_found': 'There is no API endpoint at {{method}} {{url}}.',
  'error.payload_too_large': 'The request body is too large (the limit is {{limit}}).',
  'error.unsupported_media_type': 'Content type {{type}} is not supported. Send JSON.',
  'error.rate_limited': 'Too many requests. Please try again in {{seconds}} seconds.',
  'error.service_unavailable': 'The service is temporarily unavailable. Please try again shortly.',
  'error.internal': 'Something went wrong. Please try again. (Request {{requestId}})',
  'error.invalid_credentials': 'The email or password is incorrect.',
  'error.email_taken':
    'This email is already registered. Enter its current password to add a new account.',
  'error.plan_requires_payment': 'This plan needs a card. Add one to upgrade.',
  'error.verification_invalid': 'This verification link has expired.',
  'error.already_verified': 'Your email address is already verified.',
  'error.account_not_found': 'That account was not found.',
  'message.verification_sent': 'We sent you a new verification link.',
  'message.email_verified': 'Your email address is verified.',
  'message.magic_sent': 'If an account uses this email, a sign-in link is on its way.',
  'message.reset_sent':
    'If an account uses this email, a link to reset the password is on its way.',
  'message.password_reset': 'Your password was changed.',
  'error.magic_invalid':
    'This sign-in link no longer works. Links work once and for a short time: ask for a new one.',
  'error.reset_invalid': 'This reset link is invalid or has expired. Ask for a new one.',
  'error.otp_invalid': 'That code is not valid. Check your authenticator app and try again.',
  'error.otp_challenge_expired': 'Your sign-in attempt has expired. Please sign in again.',
  'error.two_factor_already_on': 'Two-factor authentication is already on.',
  'error.two_factor_not_started': 'Turn two-factor authentication on first to get a QR code.',
  'error.invite_invalid': 'This invitation is no longer valid. Ask your team admin for a new one.',
  'error.password_common': 'This password is too common. Please choose another one.',
  'error.social_failed': 'Something went wrong. Please try signing in again.',
  'error.email_in_use': 'Another user already has this email address.',
  'error.workbook_not_found': 'That workbook does not exist.',
  'error.old_password_wrong': 'The current password is not correct.',
  'error.account_closed': 'This account has been closed.',
  'error.close_password_required': 'Please enter your password to confirm.',
  'error.close_password_wrong': 'The password is not correct.',
  'error.close_email_wrong': 'Type your own email address to confirm.',
  'error.owner_closes_account':
    'You own this account, so close the whole account instead (Profile, Danger Zone).',
  'error.owner_of_other_account':
    'You still own the account {{account}}. Close that account before closing your user.',
  'message.account_closed': 'The account has been closed.',
  'message.user_closed': 'Your user has been closed.',
  'error.support_email_mismatch': 'Messages to support are sent from your own email address.',
  'error.support_name_mismatch': 'Messages to support are sent under your own name.',
  'message.support_sent': 'Message sent. Our support team will reply by email.',
  'message.feedback_saved': 'Thank you for your feedback!',
  'message.password_saved': 'Password Saved',
  'error.workbook_forbidden': 'You do not have access to that workbook.',
  'error.insights_plan': 'Insights come with the Plus AI plan. Upgrade to see them.',
  'error.sso_not_found':
    'Your email address is not on a domain that signs in with single sign-on. Sign in with your password instead.',
  'error.sso_failed': 'That single sign-on has expired or was already used. Sign in again.',
  'error.sso_unreachable': 'Your identity provider could not be reached. Try again in a minute.',
  'error.sso_issuer_https': 'The issuer must be an https:// URL.',
  'error.saml_metadata_unreachable':
    'The metadata could not be fetched from that URL (no answer, an error, a redirect or too large). Check the URL, or paste the metadata instead.',
  'error.outbound_private_address':
    'That address points into a private network, which the server does not fetch from. Give a public URL.',
  'error.sso_required':
    '{{account}} signs in through single sign-on. Use “Sign in with single sign-on” instead of a password or a link.',
  'error.saml_metadata_required': 'Paste the metadata your identity provider exports.',
  'error.alerts_plan': 'Metric alerts come with the Plus plan.',
  'error.alerts_anomaly_plan':
    'Alerts on anomalies use the insights engine, which comes with Plus AI. Choose a threshold or a change instead.',
  'error.alerts_anomaly_ratio':
    'Anomalies are found in counts and amounts, not in a ratio. Choose another metric.',
  'error.alerts_limit': 'You can keep at most {{max}} alerts. Delete one first.',
  'error.alerts_snooze': 'Snooze until a moment within the next {{days}} days.',
  'message.alert_created': 'Alert set. You will be told when the number moves.',
  'message.alert_updated': 'Alert saved.',
  'message.alert_deleted': 'Alert deleted.',
  'error.webhooks_plan':
    'Webhooks come with the Plus plan. Upgrade to send events to your systems.',
  'error.webhook_url_https': 'Webhook endpoints must use https://.',
  'error.webhook_limit': 'An account can have at most {{max}} webhook endpoints. Delete one first.',
  'error.webhook_retry_not_failed': 'Only a failed delivery can be resent.',
  'error.webhook_disabled': 'This endpoint is disabled. Enable it first.',
  'message.webhook_created': 'Endpoint added. Copy its signing secret now: it is shown only once.',
  'message.webhook_updated': 'Endpoint saved.',
  'message.webhook_deleted': 'Endpoint deleted.',
  'message.webhook_rotated':
    'New signing secret made. The old one keeps signing alongside it for 24 hours.',
  'message.webhook_test_ok': 'Test event delivered: {{status}} in {{ms}} ms.',
  'message.webhook_test_failed': 'The test event was not accepted: {{error}}.',
  'message.webhook_retry_queued': 'Delivery queued to be sent again.',
  'error.sso_plan': 'Single sign-on comes with the Pro plan. Upgrade to set it up.',
  'error.saml_metadata_not_xml':
    'The metadata is not well-formed XML. Paste the whole file your identity provider exports.',
  'error.saml_metadata_no_idp':
    'The metadata describes no identity provider (no EntityDescriptor with an IDPSSODescriptor and an entityID).',
  'error.saml_metadata_no_sso_url':
    'The metadata names no https sign-on URL (SingleSignOnService, HTTP-Redirect or HTTP-POST binding).',
  'error.saml_metadata_no_certificate':
    'The metadata holds no signing certificate, so no assertion could be checked.',
  'error.saml_metadata_bad_certificate': 'A certificate in the metadata cannot be read as X.509.',
  'error.oidc_secret_required': 'Enter the client secret your identity provider gave you.',
  'error.sso_domain_listed': '{{domain}} is already listed.',
  'error.sso_domains_max': 'An account lists at most {{max}} domains. Remove one first.',
  'error.sso_domain_unverified':
    'No TXT record {{name}} with the value {{value}} was found. DNS changes can take a while to show: try again later.',
  'error.sso_domain_held':
    '{{domain}} is verified by another account. Ask its owner to remove it, or contact support.',
  'error.sso_dns_unavailable': 'DNS could not be asked just now. Try again in a minute.',
  'message.sso_saved': 'Single sign-on saved.',
  'message.sso_removed': 'Single sign-on removed. Members sign in with their passwords again.',
  'message.sso_domain_added': 'Publish the TXT record below, then verify {{domain}}.',
  'message.sso_domain_verified': '{{domain}} is verified.',
  'message.sso_domain_removed': '{{domain}} removed.',
  'message.scim_token_created':
    'SCIM token made. Copy it now: it is not shown again. The one before no longer works.',
  'message.scim_token_revoked': 'SCIM token revoked. Provisioning stops until you make a new one.',
  'message.scim_groups_saved': 'Group permissions saved.',
  'error.insight_not_found': 'That insight is no longer shown. Reload the panel and try again.',
  'error.embed_expired': 'This dashboard link has expired. Reload the page to open it again.',
  'error.unknown_field': '{{field}} is not a field this request accepts.',
  'error.invite_members': 'Already in this account: {{emails}}',
  'error.advertiser_name_required': 'Please enter the advertiser name',
  'error.plus_dashboards_required': 'Please select at least one Plus dashboard',
  'error.plus_dashboard_unknown': 'There is no Plus dashboard {{id}}.',
  'error.owner_permission_locked': "The owner's permission cannot be changed.",
  'error.own_permission_locked': 'You cannot change your own permission.',
  'error.owner_not_removable': 'The account owner cannot be removed.',
  'error.key_route': 'API keys cannot call this endpoint. Sign in to do this.',
  'error.key_invalid': 'This API key is not valid, has expired or was revoked.',
  'error.key_scope': 'This API key does not have the {{scope}} scope.',
  'error.key_creator_scope':
    'The person who made this API key can no longer use the {{scope}} scope.',
  'error.key_ip': 'This API key cannot be used from {{ip}}.',
  'error.key_creator':
    'The person who made this API key no longer has the developer permission, so it stopped working.',
  'error.key_limit': 'An account can have at most {{max}} active API keys. Revoke one first.',
  'error.key_scope_not_grantable': 'You cannot give a key the {{scope}} scope.',
  'error.key_revoked': 'This API key was revoked and can no longer be changed.',
  'error.key_own_profile':
    "An API key can change team members, not its creator's own profile. Send the member's id.",
  'error.impersonation_credentials':
    'Support staff signed in as this user cannot change how they sign in (email, password, two-factor authentication, keys or card).',
  'error.impersonation_target_master': 'Operators cannot be impersonated.',
  'error.impersonation_disabled': 'This user is disabled.',
  'error.impersonation_support_off':
    'This user has not allowed support access (Help → support access).',
  'error.impersonation_no_account': 'This user belongs to no open account.',
  'error.master_2fa_required':
    'Turn on two-factor authentication before you use the operator console.',
  'error.step_up_required': 'Confirm it is you: enter a code from your authenticator app.',
  'error.two_factor_required':
    '{{account}} requires two-factor authentication. Set it up to continue.',
  'error.key_two_factor_required':
    '{{account}} requires two-factor authentication, and whoever created this API key has not turned it on. The key works again once they do.',
  'error.two_factor_policy_needs_own':
    'Turn on two-factor authentication for yourself before you require it of every member.',
  'error.two_factor_required_by':
    '{{account}} requires two-factor authentication, so it cannot be turned off while you belong to it.',
  'message.two_factor_policy_on':
    'Every member must now use two-factor authentication. We e-mailed the member who has not turned it on yet.|Every member must now use two-factor authentication. We e-mailed the {{count}} members who have not turned it on yet.',
  'message.two_factor_policy_on_all_set':
    'Every member must now use two-factor authentication, and every member already does.',
  'message.two_factor_policy_off': 'Two-factor authentication is no longer required.',
  'message.two_factor_policy_saved': 'Security settings saved.',
  'error.digest_unsubscribe_invalid':
    'This unsubscribe link is not valid. Open the latest digest and use its link, or turn digests off under Account → Notifications.',
  'message.digest_unsubscribed': 'You will not get report digests any more.',
  'error.console_needs_card':
    'This account has no paid subscription, so only its owner can start a paid plan (with a card).',
  'error.console_no_subscription': 'This account has no subscription to cancel.',
  'error.console_master_target': 'Operators cannot be changed from the console.',
  'message.console_plan_changed': 'The plan of {{account}} is now {{plan}}.',
  'message.console_plan_scheduled': '{{account}} moves to {{plan}} at the end of its period.',
  'message.console_subscription_canceled': 'The subscription of {{account}} was canceled.',
  'message.console_account_disabled': '{{account}} is disabled: nobody can sign in to it.',
  'message.console_account_enabled': '{{account}} is enabled again.',
  'message.console_user_disabled': '{{email}} is disabled and signed out everywhere.',
  'message.console_user_enabled': '{{email}} can sign in again.',
  'message.console_2fa_reset':
    'Two-factor authentication of {{email}} was turned off; they were told by email.',
  'message.console_verification_sent': 'A new verification link was sent to {{email}}.',
  'message.console_session_revoked': 'The session was ended.',
  'error.account_disabled': 'This account is disabled. Please contact support.',
  'error.second_factor_locked':
    'Too many wrong codes. For your safety, codes are refused for {{minutes}} minutes; we emailed you about it.',
  'error.busy': 'We are handling many sign-ins right now. Please try again in a moment.',
  'error.email_change_password_required': 'Enter your current password to change your email.',
  'error.email_change_password_wrong': 'That is not your current password.',
  'error.email_change_code_required':
    'Enter a code from your authenticator app to change your email.',
  'error.email_change_code_sent':
    'We emailed a code to {{email}}. Enter it here to change your email.',
  'error.email_change_code_invalid': 'That code is not right or has expired.',
  'error.only_with_email': '{{field}} is only needed to change your email.',
  'error.email_revert_invalid': 'This link is invalid or has expired.',
  'message.email_change_pending':
    'Check {{email}} for a link to confirm it. Until then, keep signing in with {{current}}.',
  'message.email_change_cancelled': 'Your email stays {{email}}.',
  'message.email_restored':
    'Your email is {{email}} again and every session was signed out. To be safe, choose a new password.',
  'error.payment_card_declined': 'Your card was declined. Try another card.',
  'error.payment_insufficient_funds': 'Your card has insufficient funds. Try another card.',
  'error.payment_expired_card': 'Your card has expired. Try another card.',
  'error.payment_invalid_expiry': 'The expiry date is not valid.',
  'error.payment_invalid_cvc': 'The security code is not valid for this card.',
  'error.payment_invalid_token': 'We could not use this card. Please enter it again.',
  'error.payment_authentication_failed':
    'Your bank did not authorise the payment. Try again or use another card.',
  'error.payment_processing_error':
    'The card could not be processed. Please try again in a moment.',
  'error.payment_not_waiting':
    'This payment is no longer waiting for you: it was completed, refused or replaced.',
  'error.subscription_not_active': 'This subscription is not active.',
  'error.payment_in_progress':
    'A payment for this account is being processed. Wait a moment and try again.',
  'error.upgrade_not_higher':
    'Choose a plan above your current one. To move to a lower plan, use the billing page.',
  'error.plan_already_held':
    'The account is already on this plan, so nothing was changed. The owner can change the card on the billing page.',
  'error.no_subscription': 'This account has no paid subscription.',
  'error.plan_quote_expired':
    'The amount shown is out of date. Check the new amount and confirm again.',
  'error.webhook_signature': 'The webhook signature is missing or does not match.',
  'error.webhook_not_configured': 'Stripe is not configured on this server.',
  'error.invoice_not_found': 'This invoice does not exist.',
  'message.plan_upgraded': 'Payment received. Your plan is upgraded.',
  'error.import_refused':
    'Nothing was imported: the file has {{count}} problem to fix. Correct it and upload the file again.|Nothing was imported: the file has {{count}} problems to fix. Correct them and upload it again.',
  'error.import_not_utf8':
    'Nothing was imported: line {{line}} is not UTF-8 text. Save the file as UTF-8 (in Excel, "CSV UTF-8") and upload it again.',
  'message.import_done':
    '{{count}} row imported from {{file}}.|{{count}} rows imported from {{file}}.',
  'import.problem.not_utf8':
    'is not UTF-8 text: save the file as UTF-8 (in Excel, "CSV UTF-8") and try again',
  'import.problem.file_empty': 'the file is empty',
  'import.problem.header': 'must be exactly {{expected}}',
  'import.problem.header_missing': 'missing {{columns}}',
  'import.problem.header_unknown': 'not expected {{columns}}',
  'import.problem.no_rows': 'the file has no rows under its header',
  'import.problem.field_count': 'has {{found}} fields, expected {{expected}}',
  'import.problem.text_empty': 'is empty',
  'import.problem.text_too_long': 'is longer than {{max}} characters',
  'import.problem.text_broken': 'holds a NUL or a broken character',
  'import.problem.not_whole_number': 'must be a whole number of at least 0',
  'import.problem.not_amount': 'must be an amount of at least 0 with up to 2 decimals',
  'import.problem.not_date': 'must be a date as YYYY-MM-DD',
  'import.problem.not_calendar_date': 'is not a calendar date',
  'import.problem.date_out_of_range': 'must be between {{min}} and {{max}}',
  'import.problem.csv_syntax':
    'cannot be read: a quote is open or misplaced (a field holding a comma, a quote or a line break goes in double quotes, its own quotes doubled)',
  'error.import_too_large':
    'The file is larger than {{limit}}, the most one upload may be. Split it into smaller files and upload each.',
  'error.import_job_not_found': 'This upload does not exist, or it finished more than a week ago.',
  'error.import_job_not_waiting':
    'This upload has already been sent. Start a new upload for another file.',
  'error.import_job_writing':
    'This upload can no longer be cancelled: its checked rows are being written. They will show in a moment.',
  'error.import_cancelled': 'The upload was cancelled; nothing from the file was imported.',
  'message.import_cancelled': 'Upload cancelled. Nothing from the file was imported.',
  'message.import_accepted':
    '{{count}} row checked in {{file}}; it is being written. Follow it at its status URL.|{{count}} rows checked in {{file}}; they are being written. Follow them at the status URL.',
} as const;

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = {
  'error.bad_request': 'No se pudo entender la solicitud.',
  'error.invalid_json': 'El cuerpo de la solicitud no es JSON válido.',
  'error.invalid_field': 'Revisa el campo {{field}}.',
  'error.unauthorized': 'Inicia sesión para continuar.',
  'error.access_changed':
    'Un administrador ha cambiado tu acceso a esta cuenta. Vuelve a iniciar sesión.',
  'error.forbidden': 'No tienes permiso para hacer eso.',
  'error.xsrf': 'No se pudo verificar tu sesión. Recarga la página e inténtalo de nuevo.',
  'error.not_found': 'No se encontró el recurso solicitado.',
  'error.route_not_found': 'No hay ningún endpoint de la API en {{method}} {{url}}.',
  'error.payload_too_large':
    'El cuerpo de la solicitud es demasiado grande (el límite es {{limit}}).',
  'error.unsupported_media_type': 'El tipo de contenido {{type}} no es compatible. Envía JSON.',
  'error.rate_limited': 'Demasiadas solicitudes. Inténtalo de nuevo en {{seconds}} segundos.',
  'error.service_unavailable':
    'El servicio no está disponible temporalmente. Inténtalo de nuevo en breve.',
  'error.internal': 'Algo salió mal. Inténtalo de nuevo. (Solicitud {{requestId}})',
  'error.invalid_credentials': 'El correo electrónico o la contraseña no son correctos.',
  'error.email_taken':
    'Este correo ya está registrado. Introduce su contraseña actual para añadir una cuenta nueva.',
  'error.plan_requires_payment': 'Este plan necesita una tarjeta. Añade una para mejorar tu plan.',
  'error.verification_invalid': 'Este enlace de verificación ha caducado.',
  'error.already_verified': 'Tu correo electrónico ya está verificado.',
  'error.account_not_found': 'No se encontró esa cuenta.',
  'message.verification_sent': 'Te hemos enviado un nuevo enlace de verificación.',
  'message.email_verified': 'Tu correo electrónico está verificado.',
  'message.magic_sent':
    'Si hay una cuenta con este correo, te estamos enviando un enlace de acceso.',
  'message.reset_sent':
    'Si hay una cuenta con este correo, te estamos enviando un enlace para restablecer la contraseña.',
  'message.password_reset': 'Se ha cambiado tu contraseña.',
  'error.magic_invalid':
    'Este enlace de acceso ya no funciona. Los enlaces sirven una vez y durante poco tiempo: pide uno nuevo.',
  'error.reset_invalid':
    'Este enlace de restablecimiento no es válido o ha caducado. Pide uno nuevo.',
  'error.otp_invalid':
    'Ese código no es válido. Revisa tu app de autenticación e inténtalo de nuevo.',
  'error.otp_challenge_expired':
    'Tu intento de inicio de sesión ha caducado. Vuelve a iniciar sesión.',
  'error.two_factor_already_on': 'La autenticación en dos pasos ya está activada.',
  'error.two_factor_not_started':
    'Activa primero la autenticación en dos pasos para obtener un código QR.',
  'error.invite_invalid':
    'Esta invitación ya no es válida. Pide una nueva al administrador de tu equipo.',
  'error.password_common': 'Esta contraseña es demasiado común. Elige otra, por favor.',
  'error.social_failed': 'Algo salió mal. Vuelve a intentar iniciar sesión.',
  'error.email_in_use': 'Otro usuario ya tiene esta dirección de correo.',
  'error.workbook_not_found': 'Ese panel no existe.',
  'error.old_password_wrong': 'La contraseña actual no es correcta.',
  'error.account_closed': 'Esta cuenta se ha cerrado.',
  'error.close_password_required': 'Introduce tu contraseña para confirmar.',
  'error.close_password_wrong': 'La contraseña no es correcta.',
  'error.close_email_wrong': 'Escribe tu propia dirección de correo para confirmar.',
  'error.owner_closes_account':
    'Eres el propietario de esta cuenta: cierra la cuenta completa (Perfil, Zona de peligro).',
  'error.owner_of_other_account':
    'Sigues siendo el propietario de la cuenta {{account}}. Ciérrala antes de cerrar tu usuario.',
  'message.account_closed': 'La cuenta se ha cerrado.',
  'message.user_closed': 'Tu usuario se ha cerrado.',
  'error.support_email_mismatch':
    'Los mensajes al equipo de soporte se envían desde tu propia dirección de correo.',
  'error.support_name_mismatch':
    'Los mensajes al equipo de soporte se envían con tu propio nombre.',
  'message.support_sent': 'Mensaje enviado. Nuestro equipo de soporte te responderá por correo.',
  'message.feedback_saved': '¡Gracias por tu opinión!',
  'message.password_saved': 'Contraseña guardada',
  'error.workbook_forbidden': 'No tienes acceso a ese panel.',
  'error.insights_plan': 'Los análisis vienen con el plan Plus AI. Mejora tu plan para verlos.',
  'error.sso_not_found':
    'Tu correo electrónico no es de un dominio que entre con inicio de sesión único. Entra con tu contraseña.',
  'error.sso_failed': 'Ese inicio de sesión único ha caducado o ya se usó. Vuelve a entrar.',
  'error.sso_unreachable':
    'No se pudo contactar con tu proveedor de identidad. Inténtalo de nuevo en un minuto.',
  'error.sso_issuer_https': 'El emisor debe ser una URL https://.',
  'error.saml_metadata_unreachable':
    'No se pudieron obtener los metadatos de esa URL (sin respuesta, un error, una redirección o demasiado grandes). Revisa la URL o pega los metadatos.',
  'error.outbound_private_address':
    'Esa dirección apunta a una red privada, de la que el servidor no obtiene nada. Indica una URL pública.',
  'error.sso_required':
    '{{account}} entra con inicio de sesión único. Usa «Entrar con inicio de sesión único» en lugar de una contraseña o un enlace.',
  'error.saml_metadata_required': 'Pega los metadatos que exporta tu proveedor de identidad.',
  'error.alerts_plan': 'Las alertas de métricas vienen con el plan Plus.',
  'error.alerts_anomaly_plan':
    'Las alertas de anomalías usan el motor de insights, que viene con Plus AI. Elige un umbral o un cambio.',
  'error.alerts_anomaly_ratio':
    'Las anomalías se buscan en recuentos e importes, no en una proporción. Elige otra métrica.',
  'error.alerts_limit': 'Puedes tener como máximo {{max}} alertas. Elimina una primero.',
  'error.alerts_snooze': 'Pospón hasta un momento dentro de los próximos {{days}} días.',
  'message.alert_created': 'Alerta creada. Te avisaremos cuando la cifra cambie.',
  'message.alert_updated': 'Alerta guardada.',
  'message.alert_deleted': 'Alerta eliminada.',
  'error.webhooks_plan':
    'Los webhooks vienen con el plan Plus. Mejora tu plan para enviar eventos a tus sistemas.',
  'error.webhook_url_https': 'Los endpoints de webhook deben usar https://.',
  'error.webhook_limit':
    'Una cuenta puede tener como máximo {{max}} endpoints de webhook. Elimina uno primero.',
  'error.webhook_retry_not_failed': 'Solo se puede reenviar una entrega fallida.',
  'error.webhook_disabled': 'Este endpoint está desactivado. Actívalo primero.',
  'message.webhook_created':
    'Endpoint añadido. Copia ahora su secreto de firma: solo se muestra una vez.',
  'message.webhook_updated': 'Endpoint guardado.',
  'message.webhook_deleted': 'Endpoint eliminado.',
  'message.webhook_rotated':
    'Nuevo secreto de firma creado. El anterior sigue firmando junto a él durante 24 horas.',
  'message.webhook_test_ok': 'Evento de prueba entregado: {{status}} en {{ms}} ms.',
  'message.webhook_test_failed': 'El evento de prueba no se aceptó: {{error}}.',
  'message.webhook_retry_queued': 'Entrega en cola para enviarse de nuevo.',
  'error.sso_plan':
    'El inicio de sesión único viene con el plan Pro. Mejora tu plan para configurarlo.',
  'error.saml_metadata_not_xml':
    'Los metadatos no son XML bien formado. Pega el archivo completo que exporta tu proveedor de identidad.',
  'error.saml_metadata_no_idp':
    'Los metadatos no describen ningún proveedor de identidad (no hay EntityDescriptor con IDPSSODescriptor y entityID).',
  'error.saml_metadata_no_sso_url':
    'Los metadatos no indican una URL https de inicio de sesión (SingleSignOnService, enlace HTTP-Redirect o HTTP-POST).',
  'error.saml_metadata_no_certificate':
    'Los metadatos no incluyen un certificado de firma, así que no se podría comprobar ninguna aserción.',
  'error.saml_metadata_bad_certificate':
    'Un certificado de los metadatos no se puede leer como X.509.',
  'error.oidc_secret_required':
    'Introduce el secreto de cliente que te dio tu proveedor de identidad.',
  'error.sso_domain_listed': '{{domain}} ya está en la lista.',
  'error.sso_domains_max': 'Una cuenta admite como máximo {{max}} dominios. Quita uno antes.',
  'error.sso_domain_unverified':
    'No se encontró ningún registro TXT {{name}} con el valor {{value}}. Los cambios de DNS pueden tardar en verse: inténtalo más tarde.',
  'error.sso_domain_held':
    '{{domain}} está verificado por otra cuenta. Pide a su propietario que lo quite o contacta con soporte.',
  'error.sso_dns_unavailable':
    'No se pudo consultar el DNS ahora. Inténtalo de nuevo en un minuto.',
  'message.sso_saved': 'Inicio de sesión único guardado.',
  'message.sso_removed':
    'Inicio de sesión único eliminado. Los miembros vuelven a entrar con su contraseña.',
  'message.sso_domain_added': 'Publica el registro TXT de abajo y luego verifica {{domain}}.',
  'message.sso_domain_verified': '{{domain}} está verificado.',
  'message.sso_domain_removed': '{{domain}} eliminado.',
  'message.scim_token_created':
    'Token SCIM creado. Cópialo ahora: no se vuelve a mostrar. El anterior ya no funciona.',
  'message.scim_token_revoked':
    'Token SCIM revocado. El aprovisionamiento se detiene hasta que crees uno nuevo.',
  'message.scim_groups_saved': 'Permisos de grupos guardados.',
  'error.insight_not_found':
    'Ese análisis ya no se muestra. Vuelve a cargar los análisis e inténtalo de nuevo.',
  'error.embed_expired':
    'Este enlace del panel ha caducado. Recarga la página para abrirlo de nuevo.',
  'error.unknown_field': 'Esta solicitud no acepta el campo {{field}}.',
  'error.invite_members': 'Ya están en esta cuenta: {{emails}}',
  'error.advertiser_name_required': 'Introduce el nombre del anunciante',
  'error.plus_dashboards_required': 'Selecciona al menos un panel Plus',
  'error.plus_dashboard_unknown': 'No existe el panel Plus {{id}}.',
  'error.owner_permission_locked': 'No se puede cambiar el permiso del propietario.',
  'error.own_permission_locked': 'No puedes cambiar tu propio permiso.',
  'error.owner_not_removable': 'No se puede eliminar al propietario de la cuenta.',
  'error.key_route':
    'Las claves de API no pueden llamar a este endpoint. Inicia sesión para hacerlo.',
  'error.key_invalid': 'Esta clave de API no es válida, ha caducado o fue revocada.',
  'error.key_scope': 'Esta clave de API no tiene el permiso {{scope}}.',
  'error.key_creator_scope':
    'La persona que creó esta clave de API ya no puede usar el permiso {{scope}}.',
  'error.key_ip': 'Esta clave de API no se puede usar desde {{ip}}.',
  'error.key_creator':
    'La persona que creó esta clave de API ya no tiene el permiso de desarrollador, así que dejó de funcionar.',
  'error.key_limit':
    'Una cuenta puede tener como máximo {{max}} claves de API activas. Revoca una primero.',
  'error.key_scope_not_grantable': 'No puedes dar a una clave el permiso {{scope}}.',
  'error.key_revoked': 'Esta clave de API fue revocada y ya no se puede cambiar.',
  'error.key_own_profile':
    'Una clave de API puede cambiar a los miembros del equipo, no el perfil de quien la creó. Envía el ID del miembro.',
  'error.impersonation_credentials':
    'El equipo de soporte que ha iniciado sesión como este usuario no puede cambiar cómo inicia sesión (correo, contraseña, autenticación en dos pasos, claves o tarjeta).',
  'error.impersonation_target_master': 'No se puede actuar como un operador.',
  'error.impersonation_disabled': 'Este usuario está desactivado.',
  'error.impersonation_support_off':
    'Este usuario no ha permitido el acceso de soporte (Ayuda → acceso de soporte).',
  'error.impersonation_no_account': 'Este usuario no pertenece a ninguna cuenta abierta.',
  'error.master_2fa_required':
    'Activa la autenticación en dos pasos antes de usar la consola de operador.',
  'error.step_up_required': 'Confirma que eres tú: introduce un código de tu app de autenticación.',
  'error.two_factor_required':
    '{{account}} exige la autenticación en dos pasos. Actívala para continuar.',
  'error.key_two_factor_required':
    '{{account}} exige la autenticación en dos pasos y quien creó esta clave de API no la ha activado. La clave volverá a funcionar en cuanto lo haga.',
  'error.two_factor_policy_needs_own':
    'Activa la autenticación en dos pasos para ti antes de exigirla a todos los miembros.',
  'error.two_factor_required_by':
    '{{account}} exige la autenticación en dos pasos, así que no puedes desactivarla mientras pertenezcas a ella.',
  'message.two_factor_policy_on':
    'Ahora todos los miembros deben usar la autenticación en dos pasos. Hemos avisado por correo al miembro que aún no la ha activado.|Ahora todos los miembros deben usar la autenticación en dos pasos. Hemos avisado por correo a los {{count}} miembros que aún no la han activado.',
  'message.two_factor_policy_on_all_set':
    'Ahora todos los miembros deben usar la autenticación en dos pasos, y todos la usan ya.',
  'message.two_factor_policy_off': 'Ya no se exige la autenticación en dos pasos.',
  'message.two_factor_policy_saved': 'Configuración de seguridad guardada.',
  'error.digest_unsubscribe_invalid':
    'Este enlace para darte de baja no es válido. Abre el último resumen y usa su enlace, o desactiva los resúmenes en Cuenta → Notificaciones.',
  'message.digest_unsubscribed': 'Ya no recibirás resúmenes de informes.',
  'error.console_needs_card':
    'Esta cuenta no tiene una suscripción de pago, así que solo su propietario puede empezar un plan de pago (con una tarjeta).',
  'error.console_no_subscription': 'Esta cuenta no tiene ninguna suscripción que cancelar.',
  'error.console_master_target': 'Los operadores no se pueden cambiar desde la consola.',
  'message.console_plan_changed': 'El plan de {{account}} es ahora {{plan}}.',
  'message.console_plan_scheduled': '{{account}} pasará a {{plan}} al final de su periodo.',
  'message.console_subscription_canceled': 'Se canceló la suscripción de {{account}}.',
  'message.console_account_disabled':
    '{{account}} está desactivada: nadie puede iniciar sesión en ella.',
  'message.console_account_enabled': '{{account}} vuelve a estar activa.',
  'message.console_user_disabled':
    'Se ha desactivado a {{email}} y se han cerrado todas sus sesiones.',
  'message.console_user_enabled': '{{email}} puede volver a iniciar sesión.',
  'message.console_2fa_reset':
    'Se desactivó la autenticación en dos pasos de {{email}}; se le avisó por correo.',
  'message.console_verification_sent': 'Se envió un nuevo enlace de verificación a {{email}}.',
  'message.console_session_revoked': 'Se cerró la sesión.',
  'error.account_disabled': 'Esta cuenta está desactivada. Ponte en contacto con soporte.',
  'error.second_factor_locked':
    'Demasiados códigos incorrectos. Por seguridad, los códigos se rechazarán durante {{minutes}} minutos; te hemos enviado un correo.',
  'error.busy':
    'Estamos atendiendo muchos inicios de sesión en este momento. Inténtalo de nuevo en unos instantes.',
  'error.email_change_password_required':
    'Introduce tu contraseña actual para cambiar tu correo electrónico.',
  'error.email_change_password_wrong': 'Esa no es tu contraseña actual.',
  'error.email_change_code_required':
    'Introduce un código de tu app de autenticación para cambiar tu correo electrónico.',
  'error.email_change_code_sent':
    'Hemos enviado un código a {{email}}. Introdúcelo aquí para cambiar tu correo electrónico.',
  'error.email_change_code_invalid': 'Ese código no es correcto o ha caducado.',
  'error.only_with_email': 'El campo {{field}} solo hace falta para cambiar tu correo electrónico.',
  'error.email_revert_invalid': 'Este enlace no es válido o ha caducado.',
  'message.email_change_pending':
    'Revisa {{email}}: te hemos enviado un enlace para confirmarlo. Hasta entonces, sigue iniciando sesión con {{current}}.',
  'message.email_change_cancelled': 'Tu correo electrónico sigue siendo {{email}}.',
  'message.email_restored':
    'Tu correo electrónico vuelve a ser {{email}} y se han cerrado todas las sesiones. Por seguridad, elige una contraseña nueva.',
  'error.payment_card_declined': 'Tu tarjeta ha sido rechazada. Prueba con otra tarjeta.',
  'error.payment_insufficient_funds':
    'Tu tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
  'error.payment_expired_card': 'Tu tarjeta ha caducado. Prueba con otra tarjeta.',
  'error.payment_invalid_expiry': 'La fecha de caducidad no es válida.',
  'error.payment_invalid_cvc': 'El código de seguridad no es válido para esta tarjeta.',
  'error.payment_invalid_token': 'No hemos podido usar esta tarjeta. Vuelve a introducirla.',
  'error.payment_authentication_failed':
    'Tu banco no ha autorizado el pago. Inténtalo de nuevo o usa otra tarjeta.',
  'error.payment_processing_error':
    'No se ha podido procesar la tarjeta. Inténtalo de nuevo en un momento.',
  'error.payment_not_waiting':
    'Este pago ya no está pendiente: se completó, se rechazó o se sustituyó por otro.',
  'error.subscription_not_active': 'Esta suscripción no está activa.',
  'error.payment_in_progress':
    'Se está procesando un pago de esta cuenta. Espera un momento y vuelve a intentarlo.',
  'error.upgrade_not_higher':
    'Elige un plan superior al actual. Para pasar a un plan inferior, usa la página de facturación.',
  'error.plan_already_held':
    'La cuenta ya tiene este plan, así que no se ha cambiado nada. El propietario puede cambiar la tarjeta en la página de facturación.',
  'error.no_subscription': 'Esta cuenta no tiene una suscripción de pago.',
  'error.plan_quote_expired':
    'El importe mostrado ya no está vigente. Revisa el nuevo importe y vuelve a confirmar.',
  'error.webhook_signature': 'La firma del webhook falta o no coincide.',
  'error.webhook_not_configured': 'Stripe no está configurado en este servidor.',
  'error.invoice_not_found': 'Esta factura no existe.',
  'message.plan_upgraded': 'Pago recibido. Tu plan se ha mejorado.',
  'error.import_refused':
    'No se ha importado nada: el archivo tiene {{count}} problema. Corrígelo y vuelve a subirlo.|No se ha importado nada: el archivo tiene {{count}} problemas. Corrígelos y vuelve a subirlo.',
  'error.import_not_utf8':
    'No se ha importado nada: la línea {{line}} no es texto UTF-8. Guarda el archivo como UTF-8 (en Excel, «CSV UTF-8») y vuelve a subirlo.',
  'message.import_done':
    '{{count}} fila importada de {{file}}.|{{count}} filas importadas de {{file}}.',
  'import.problem.not_utf8':
    'no es texto UTF-8: guarda el archivo como UTF-8 (en Excel, «CSV UTF-8») y vuelve a intentarlo',
  'import.problem.file_empty': 'el archivo está vacío',
  'import.problem.header': 'debe ser exactamente {{expected}}',
  'import.problem.header_missing': 'faltan {{columns}}',
  'import.problem.header_unknown': 'sobran {{columns}}',
  'import.problem.no_rows': 'el archivo no tiene filas bajo el encabezado',
  'import.problem.field_count': 'tiene {{found}} campos y se esperaban {{expected}}',
  'import.problem.text_empty': 'está vacío',
  'import.problem.text_too_long': 'tiene más de {{max}} caracteres',
  'import.problem.text_broken': 'contiene un NUL o un carácter roto',
  'import.problem.not_whole_number': 'debe ser un número entero mayor o igual que 0',
  'import.problem.not_amount': 'debe ser un importe mayor o igual que 0 con hasta 2 decimales',
  'import.problem.not_date': 'debe ser una fecha con el formato AAAA-MM-DD',
  'import.problem.not_calendar_date': 'no es una fecha del calendario',
  'import.problem.date_out_of_range': 'debe estar entre {{min}} y {{max}}',
  'import.problem.csv_syntax':
    'no se puede leer: hay unas comillas abiertas o mal puestas (un campo con una coma, unas comillas o un salto de línea va entre comillas dobles, con sus propias comillas duplicadas)',
  'error.import_too_large':
    'El archivo supera {{limit}}, lo máximo que admite una subida. Divídelo en archivos más pequeños y súbelos uno a uno.',
  'error.import_job_not_found': 'Esta subida no existe o terminó hace más de una semana.',
  'error.import_job_not_waiting':
    'Esta subida ya se envió. Empieza una subida nueva para otro archivo.',
  'error.import_job_writing':
    'Esta subida ya no se puede cancelar: sus filas revisadas se están guardando. Aparecerán en un momento.',
  'error.import_cancelled': 'La subida se canceló; no se importó nada del archivo.',
  'message.import_cancelled': 'Subida cancelada. No se importó nada del archivo.',
  'message.import_accepted':
    '{{count}} fila revisada en {{file}}; se está guardando. Sigue su estado en la URL de estado.|{{count}} filas revisadas en {{file}}; se están guardando. Sigue su estado en la URL de estado.',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, es };

const NUMBERS: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en', { maximumFractionDigits: 2 }),
  es: new Intl.NumberFormat('es', { maximumFractionDigits: 2 }),
};

const PLURALS: Record<Locale, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  es: new Intl.PluralRules('es'),
};

/**
 * The message in `locale` with its `{{params}}` filled. A message of two forms, "one|other",
 * is chosen by the language's plural rule for `params.count` ("1 row", "2 rows").
 */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const forms = MESSAGES[locale][key].split('|');
  const count = params.count;
  const template =
    forms.length === 2 && typeof count === 'number'
      ? (forms[PLURALS[locale].select(count) === 'one' ? 0 : 1] ?? '')
      : MESSAGES[locale][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    // Counts read as the reader writes them: "60,000 rows" in English, "60.000 filas" in Spanish.
    return typeof value === 'number' ? NUMBERS[locale].format(value) : (value ?? '');
  });
}
