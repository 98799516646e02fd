import { useTranslation } from 'react-i18next';
import { AccountAreaCard } from '@/features/account/components/account-area-card';
import { areaDescriptionKeys } from '@/features/account/area-description';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';
import { NavIcon } from '../navigation/nav-icon';
import { accountMenuItems } from '../route-table';

/**
 * docs/product.md#screens-and-routes "Account": a card per area the user may open. The cards are the account menu's own
 * items, so an area added to the menu gets its card here too.
 */
export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const describe = (to: string) => {
    const area = to.slice(to.lastIndexOf('/') + 1);
    const key = areaDescriptionKeys(area, session).find((candidate) => i18n.exists(candidate));
    return key ? t(key) : undefined;
  };
  return (
    <Page titleKey="titles.account">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {accountMenuItems(session?.permission).map((item) => (
          <li key={item.to}>
            <AccountAreaCard
              to={item.to}
              icon={<NavIcon icon={item.icon} className="size-5 text-primary" />}
              title={t(item.labelKey)}
              description={describe(item.to)}
            />
          </li>
        ))}
      </ul>
    </Page>
  );
}
