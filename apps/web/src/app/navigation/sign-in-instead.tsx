import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../route-table';

/** Under the sign-up forms: for someone who already has an account, the way to sign in. */
export function SignInInstead() {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-muted-foreground">
      {t('auth.signup.have_account')}{' '}
      <Link
        to={paths.signin}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.signin.submit')}
      </Link>
    </p>
  );
}
