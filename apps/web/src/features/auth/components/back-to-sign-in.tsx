import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Under the screens a mailed link or a second step opens: the way back to the sign-in form. */
export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Link
      to="/signin"
      className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('auth.token.back')}
    </Link>
  );
}
